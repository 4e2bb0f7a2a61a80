import type { ReactNode } from 'react';

/**
 * A white panel with an optional header (title, description, actions on the right).
 *
 * @example <Card title="Organisation" actions={<Button size="sm">Edit</Button>}>…</Card>
 */
export function Card({
  title,
  description,
  actions,
  flush = false,
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** No inner padding: for a table or list that runs edge to edge. */
  flush?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="card">
      {title || actions ? (
        <header className="card-header">
          <div>
            {title ? <h2 className="card-title">{title}</h2> : null}
            {description ? <p className="card-description">{description}</p> : null}
          </div>
          {actions ? <div className="card-actions">{actions}</div> : null}
        </header>
      ) : null}
      <div className={flush ? 'card-body card-body-flush' : 'card-body'}>{children}</div>
    </section>
  );
}
