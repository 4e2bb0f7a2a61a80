import { Link } from 'react-router';
import type { OverviewSession } from '../../../../api-client/index.ts';
import {
  addDays,
  clientDate,
  formatTimeRange,
  isOverCapacity,
  localeFor,
  messages,
} from '../../../../engine/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { ButtonLink } from '../../components/Button.tsx';

/** 'Today', 'Tomorrow', else the weekday and date in the organiser's format. */
function dayLabel(date: string, today: string, dateFormat: string, locale: string) {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return clientDate(date, dateFormat, locale);
}

/**
 * How full a session is, as a bar people read at a glance; the words beside it say the same for
 * those who do not see it. Without a place limit there is nothing to fill, so only the count shows.
 */
function FillBar({ session }: { session: OverviewSession }) {
  const { booked, placeLimit } = session;
  if (placeLimit === null) {
    return <span className="overview-fill-text">{booked} booked · no limit</span>;
  }
  const share = placeLimit === 0 ? 1 : Math.min(1, booked / placeLimit);
  const tone = session.full ? 'full' : share >= 0.75 ? 'busy' : 'open';
  return (
    <span className="overview-fill">
      {/* The words beside the bar carry the figure; the bar is for the eye. */}
      <span className={`overview-fill-track overview-fill-${tone}`} aria-hidden="true">
        <span className="overview-fill-bar" style={{ width: `${share * 100}%` }} />
      </span>
      <span className="overview-fill-text">
        {booked} / {placeLimit}
        <span className="visually-hidden"> places booked</span>
      </span>
      {isOverCapacity(booked, placeLimit) ? (
        <Badge tone="danger">{messages.badgeOverCapacity}</Badge>
      ) : null}
    </span>
  );
}

/**
 * The sessions of the next seven days, each with how full it is and a link to its activity.
 *
 * @example <WeekSessions sessions={overview.sessions} today={overview.today} dateFormat="dd/MM/yyyy" country="GB" />
 */
export function WeekSessions({
  sessions,
  today,
  dateFormat,
  country,
}: {
  sessions: OverviewSession[];
  today: string;
  dateFormat: string;
  country: string;
}) {
  if (sessions.length === 0) {
    return <p className="overview-none">No sessions in the next 7 days.</p>;
  }
  const locale = localeFor(country);
  return (
    <ul className="overview-sessions">
      {sessions.map((session) => (
        <li key={session._id} className="overview-session">
          <Link to={`/activities/${session.activityGroup._id}`} className="overview-session-link">
            <span className="overview-session-when">
              <span className="overview-strong">
                {dayLabel(session.date, today, dateFormat, locale)}
              </span>
              <span className="detail-note">
                {formatTimeRange(session.startTime, session.endTime)}
              </span>
            </span>
            <span className="overview-session-what">
              <span className="overview-strong">{session.activityGroup.name}</span>
              {session.venue ? <span className="detail-note">{session.venue}</span> : null}
            </span>
            <span className="overview-session-fill">
              <FillBar session={session} />
              <span className="overview-session-badges">
                {session.full ? <Badge tone="danger">Full</Badge> : null}
                {session.waitlist > 0 ? (
                  <Badge tone="info">{session.waitlist} on waitlist</Badge>
                ) : null}
              </span>
            </span>
          </Link>
          <ButtonLink
            to={`/registers/${session._id}`}
            variant="secondary"
            size="sm"
            className="overview-session-register"
            aria-label={`Register: ${session.activityGroup.name}, ${dayLabel(session.date, today, dateFormat, locale)} ${formatTimeRange(session.startTime, session.endTime)}`}
          >
            Register
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}
