import type { ActivityGroup, AdminQuote } from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { FieldError } from '../../components/FormField.tsx';
import { sessionLabel } from '../bookings/lib.ts';

/**
 * The limits this booking would go past (all its children and sessions together, from the
 * server's quote), each as 'session: 9 / 8', and the admin's confirmation to book beyond them.
 * The server refuses the booking without it (`allowOverCapacity`).
 */
export function OverCapacityConfirm({
  overCapacity,
  group,
  dateFormat,
  confirmed,
  onConfirm,
  error,
}: {
  overCapacity: AdminQuote['overCapacity'];
  group: Pick<ActivityGroup, 'activities' | 'tickets'> | null;
  dateFormat: string;
  confirmed: boolean;
  onConfirm: (on: boolean) => void;
  error?: string;
}) {
  // The server's refusal can arrive before the re-read quote lists the limits: say it anyway.
  if (overCapacity.length === 0) return error ? <FieldError message={error} /> : null;
  const session = (id: string) => {
    const s = group?.activities.find((x) => x._id === id);
    return s ? sessionLabel(s, dateFormat) : 'Session';
  };
  const ticket = (id: string | null) => group?.tickets.find((t) => t._id === id)?.name ?? 'Ticket';
  return (
    <div className="admin-booking-over">
      <Alert tone="warning" title="This booking goes past a limit">
        <ul className="admin-booking-notices">
          {overCapacity.map((o) => (
            <li key={`${o.sessionId}-${o.limit}-${o.ticketId}`}>
              <strong>{session(o.sessionId)}:</strong>{' '}
              {o.limit === 'place'
                ? messages.warnPlaceLimitReached
                : messages.warnTicketLimitReached}{' '}
              {o.limit === 'place'
                ? `${o.after} / ${o.max} places`
                : `${o.after} / ${o.max} on ${ticket(o.ticketId)}`}
            </li>
          ))}
        </ul>
        <label className="check">
          <input
            type="checkbox"
            checked={confirmed}
            onChange={(e) => onConfirm(e.target.checked)}
          />
          <span className="check-text">
            <span className="check-label">{messages.confirmOverCapacity}</span>
            <span className="check-hint">
              The sessions will show as over capacity until places are cancelled.
            </span>
          </span>
        </label>
      </Alert>
      <FieldError message={error} />
    </div>
  );
}
