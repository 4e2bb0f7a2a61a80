import { type ReactNode, useEffect } from 'react';

/**
 * A screen's heading (its one <h1>), a line of explanation and actions. Also names the browser
 * tab, so history and tabs say which screen is which.
 *
 * @example <PageHeader title="Attendee fields" description="…" actions={<Button>Add field</Button>} />
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Classwise`;
  }, [title]);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {description ? <p className="page-description">{description}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}
