import { zonedParts } from '../../../../engine/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { clockTime } from './lib.ts';
import type { RegisterDto } from './queries.ts';

/**
 * The children whose parents reported them absent ahead of the session (docs/rules/make-ups.md):
 * their places are free again, so the register says who is not coming, whether the absence
 * earned a make-up credit, and, when children wait on the waitlist, where to offer the places.
 */
export function ReportedAbsences({
  register,
  timeZone,
  dateText,
}: {
  register: Pick<RegisterDto, 'absences' | 'waitlistWaiting'>;
  timeZone: string;
  /** A civil date as the organiser writes dates. */
  dateText: (date: string) => string;
}) {
  const { absences, waitlistWaiting } = register;
  if (absences.length === 0) return null;
  return (
    <section className="register-absences" aria-labelledby="register-absences-title">
      <h2 id="register-absences-title">Reported absent</h2>
      <ul>
        {absences.map((a) => (
          <li key={a.attendee._id}>
            <strong>{a.attendee.name}</strong>{' '}
            <span className="muted">
              by {a.parent.name}, {dateText(zonedParts(Date.parse(a.reportedAt), timeZone).date)} at{' '}
              {clockTime(a.reportedAt, timeZone)}
            </span>{' '}
            {a.credit ? <Badge tone="info">Make-up credit</Badge> : <Badge>No credit</Badge>}
          </li>
        ))}
      </ul>
      {waitlistWaiting > 0 ? (
        <p>
          {waitlistWaiting} {waitlistWaiting === 1 ? 'child is' : 'children are'} waiting on the
          waitlist: their places can be offered.{' '}
          <ButtonLink to="/waitlists" variant="secondary" size="sm">
            Waitlists
          </ButtonLink>
        </p>
      ) : null}
    </section>
  );
}
