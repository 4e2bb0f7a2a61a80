import { Link } from 'react-router';
import { clientDate, formatTimeRange, localeFor } from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDayRegisters } from './queries.ts';
import './registers.css';

/** Today: the day's sessions in time order, each a link to its register with its counts. */
export function TodayScreen() {
  const day = useDayRegisters(null);
  const client = useClientSettings();
  const settings = client.data;
  return (
    <div className="register">
      <PageHeader
        title="Today"
        description={
          day.data && settings
            ? clientDate(day.data.date, settings.dateFormat, localeFor(settings.country))
            : undefined
        }
      />
      <QueryError error={day.error} />
      {day.data && day.data.sessions.length === 0 ? (
        <p className="muted">No sessions today.</p>
      ) : null}
      <ul className="register-day">
        {(day.data?.sessions ?? []).map((s) => (
          <li key={s._id}>
            <Link to={`/registers/${s._id}`} className="register-day-link">
              <span className="register-day-when">{formatTimeRange(s.startTime, s.endTime)}</span>
              <span className="register-day-what">
                <strong>{s.activityGroup.name}</strong>
                {s.venue ? <span className="detail-note">{s.venue}</span> : null}
              </span>
              <span className="register-day-counts">
                <Badge tone="neutral">{s.summary.booked} booked</Badge>
                <Badge tone="success">{s.summary.inNow} in</Badge>
                {s.summary.absent ? <Badge tone="warning">{s.summary.absent} absent</Badge> : null}
                {s.summary.checkedOut ? (
                  <Badge tone="info">{s.summary.checkedOut} out</Badge>
                ) : null}
                {s.summary.unmarked ? (
                  <Badge tone="neutral">{s.summary.unmarked} not marked</Badge>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
