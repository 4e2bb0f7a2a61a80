import type { ReactNode } from 'react';

/** docs/rules/screens.md: the default empty state of lists and tables. */
export const NO_RESULTS = 'No results found';

/**
 * What a list shows when it has nothing: a title (default 'No results found'), an optional
 * explanation and an optional action.
 *
 * @example <EmptyState title="No activities found" action={<ButtonLink to="new">Create</ButtonLink>} />
 */
export function EmptyState({
  title = NO_RESULTS,
  description,
  action,
}: {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <svg className="empty-state-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 7h16M4 12h10M4 17h7" />
      </svg>
      <p className="empty-state-title">{title}</p>
      {description ? <p className="empty-state-description">{description}</p> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
