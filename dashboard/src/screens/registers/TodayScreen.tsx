import { Link, useSearchParams } from 'react-router';
import {
  addDays,
  clientDate,
  formatTimeRange,
  isDate,
  localeFor,
} from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { DayPrint } from './DayPrint.tsx';
import { useDayRegisters } from './queries.ts';
import './registers.css';

/**
 * Today: the day's sessions in time order, each a link to its register with its counts. Another
 * day is a `?date=` away (the day before, the day after), and Print puts every register of the
 * day on paper, one page each.
 */
export function TodayScreen() {
  const [params] = useSearchParams();
  const asked = params.get('date');
  const day = useDayRegisters(asked && isDate(asked) ? asked : null);
  const client = useClientSettings();
  const settings = client.data;
  const date = day.data?.date;
  const sessions = day.data?.sessions ?? [];
  return (
    <div className="register">
      <div className="register-screen-only">
        <PageHeader
          title={asked ? 'Registers' : 'Today'}
          description={
            date && settings
              ? clientDate(date, settings.dateFormat, localeFor(settings.country))
              : undefined
          }
          actions={
            date ? (
              <>
                <ButtonLink to={`/today?date=${addDays(date, -1)}`} variant="secondary" size="sm">
                  Previous day
                </ButtonLink>
                {asked ? (
                  <ButtonLink to="/today" variant="secondary" size="sm">
                    Today
                  </ButtonLink>
                ) : null}
                <ButtonLink to={`/today?date=${addDays(date, 1)}`} variant="secondary" size="sm">
                  Next day
                </ButtonLink>
                {sessions.length > 0 ? (
                  <Button variant="secondary" size="sm" onClick={() => window.print()}>
                    Print all
                  </Button>
                ) : null}
              </>
            ) : null
          }
        />
        <QueryError error={day.error} />
        {day.data && sessions.length === 0 ? (
          <p className="muted">No sessions {asked ? 'on this day' : 'today'}.</p>
        ) : null}
        <ul className="register-day">
          {sessions.map((s) => (
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
                  {s.summary.absent ? (
                    <Badge tone="warning">{s.summary.absent} absent</Badge>
                  ) : null}
                  {s.summary.checkedOut ? (
                    <Badge tone="info">{s.summary.checkedOut} out</Badge>
                  ) : null}
                  {s.summary.reportedAbsent ? (
                    <Badge tone="neutral">{s.summary.reportedAbsent} reported absent</Badge>
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
      {settings && sessions.length > 0 ? (
        <DayPrint sessions={sessions} settings={settings} />
      ) : null}
    </div>
  );
}
