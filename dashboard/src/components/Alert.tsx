import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

/**
 * A message box. Errors (the default, docs/rules/forms-and-messages.md's red alerts) are announced
 * at once with role="alert"; the other tones politely.
 *
 * @example <Alert title="Sign-in failed">{error.message}</Alert>
 */
export function Alert({
  tone = 'error',
  title,
  children,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="alert-title">{title}</p> : null}
      {children ? <div className="alert-body">{children}</div> : null}
    </div>
  );
}

/**
 * The error of a failed read, or nothing. Screens put it where the data would have been.
 *
 * @example <QueryError error={settings.error} />
 */
export function QueryError({ error }: { error: Error | null }) {
  if (!error) return null;
  return <Alert>{error.message}</Alert>;
}
