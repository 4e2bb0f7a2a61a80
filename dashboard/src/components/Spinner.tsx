/**
 * A centred spinner with a label for screen readers, for whole-screen waits (session check).
 *
 * @example <PageSpinner label="Checking your session" />
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
