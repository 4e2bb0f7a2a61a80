import { QueryError } from '../../components/Alert.tsx';
import { clockTime } from './lib.ts';
import { useMarkHistory } from './queries.ts';

const KIND_LABELS: Record<string, string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  checkedOut: 'Checked out',
  cleared: 'Mark cleared',
};

/** The audit trail: every mark with who made it and when, corrections included. */
export function MarkHistory({ sessionId, timeZone }: { sessionId: string; timeZone: string }) {
  const history = useMarkHistory(sessionId, true);
  if (history.error) return <QueryError error={history.error} />;
  if (!history.data) return <p className="muted">Loading…</p>;
  if (history.data.length === 0) return <p className="muted">No marks yet.</p>;
  return (
    <ol className="register-history" aria-label="History of marks">
      {history.data.map((m) => (
        <li key={m._id}>
          <strong>{clockTime(m.at, timeZone)}</strong> {m.attendee.name}: {KIND_LABELS[m.kind]}
          {m.collectedBy ? ` (${m.collectedBy})` : ''}
          <span className="detail-note">
            by {m.markedBy.fullName}, saved {clockTime(m.recordedAt, timeZone)}
          </span>
        </li>
      ))}
    </ol>
  );
}
