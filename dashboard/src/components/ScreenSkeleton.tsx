import './screen-skeleton.css';

/** What a screen shows while its code loads: a title line and a shimmering card. */
export function ScreenSkeleton() {
  return (
    <div className="screen-skeleton" role="status" aria-busy="true" aria-label="Loading">
      <span className="skeleton skeleton-title" />
      <div className="card skeleton-card" />
    </div>
  );
}
