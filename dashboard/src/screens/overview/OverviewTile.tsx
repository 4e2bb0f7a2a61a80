import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One figure of the overview; with `to`, the whole tile opens the screen behind the figure.
 *
 * @example <OverviewTile label="Awaiting payment" value="3" note="£90.00 to chase" to="/bookings?status=awaiting_payment" />
 */
export function OverviewTile({
  label,
  value,
  note,
  to,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  to?: string;
}) {
  const body = (
    <>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
      {note ? <span className="stat-note">{note}</span> : null}
    </>
  );
  return to ? (
    <Link to={to} className="overview-tile card overview-tile-link">
      {body}
      <span className="shortcut-arrow" aria-hidden="true">
        →
      </span>
    </Link>
  ) : (
    <div className="overview-tile card">{body}</div>
  );
}
