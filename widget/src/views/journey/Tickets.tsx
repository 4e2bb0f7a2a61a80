/*
 * Step 2 of booking: per attendee, a ticket, the sessions of a single-session ticket and any
 * add-ons. Sessions already booked for the attendee or with no place left are disabled; places
 * left come from the server's `placesLeft`. A ticket needing a full session (all sessions,
 * subscription) cannot be picked: it names the session and offers the way out (unavailable.tsx).
 * Problems the engine finds with a line are shown under that attendee.
 */
import { type ReactNode, useState } from 'react';
import type { ActivityGroup, Attendee, ClientSettings } from '../../../../api-client/index.ts';
import { zonedParts } from '../../../../engine/dates.ts';
import { allowedSessions, isUpcoming } from '../../../../engine/pricing/lines.ts';
import { dateLabel, localeFor, money, timeRange } from '../../format.ts';
import { strings } from '../../strings.ts';
import {
  byStart,
  isProRata,
  type Session,
  sessionWhen,
  type Ticket,
  TicketPrice,
  TicketUnavailable,
  ticketFullSessions,
} from '../common.tsx';
import { text } from '../text.ts';
import { Alert, StepHeading } from '../ui.tsx';
import { UnavailableHelp } from '../unavailable.tsx';
import { type Choice, emptyChoice } from './basket.ts';

type PublicSession = Session & { placesLeft?: number | null };

export function TicketsStep({
  group,
  settings,
  attendees,
  choices,
  booked,
  offered,
  problems,
  notice,
  unavailable = {},
  onChange,
  onBack,
  onNext,
}: {
  group: ActivityGroup;
  settings: ClientSettings;
  /** Tickets shown but not offered, with why (a membership without card payments). */
  unavailable?: Record<string, string>;
  attendees: Attendee[];
  choices: Record<string, Choice>;
  booked: Map<string, Set<string>>;
  /** Per attendee, the sessions a waitlist offer keeps for them (bookable though full). */
  offered: Map<string, Set<string>>;
  /** The engine's problems per attendee (a line it cannot price). */
  problems: Record<string, string[]>;
  /** Why the parent is back here (a place went while paying: which one, and the waitlist). */
  notice: ReactNode;
  onChange: (attendeeId: string, choice: Choice) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const locale = localeFor(settings.country);
  const now = zonedParts(Date.now(), settings.timeZone);
  const sessions = ([...group.activities] as PublicSession[])
    .sort(byStart)
    .filter((s) => isUpcoming(s, now));

  const next = () => {
    for (const attendee of attendees) {
      const choice = choices[attendee._id] ?? emptyChoice;
      const ticket = group.tickets.find((t) => t._id === choice.ticketId);
      if (!ticket) return setError(text.chooseTicket);
      if (unavailable[ticket._id]) return setError(unavailable[ticket._id]);
      const full = ticketFullSessions(ticket, group, offered.get(attendee._id));
      if (full.length > 0) {
        return setError(strings.ticketUnavailable(sessionWhen(full[0], settings), full.length - 1));
      }
      if (ticket.type === 'single' && choice.sessionIds.length === 0) {
        return setError(text.chooseSessions);
      }
      if ((problems[attendee._id] ?? []).length > 0) return setError(problems[attendee._id][0]);
    }
    setError(null);
    onNext();
  };

  return (
    <div className="cw-step">
      <StepHeading>{text.stepTickets}</StepHeading>
      <Alert>{notice}</Alert>
      <Alert>{error}</Alert>
      {group.tickets.length === 0 ? (
        <p className="cw-notice">{strings.noTickets}</p>
      ) : (
        attendees.map((attendee) => {
          const choice = choices[attendee._id] ?? emptyChoice;
          const set = (patch: Partial<Choice>) => onChange(attendee._id, { ...choice, ...patch });
          const ticket = group.tickets.find((t) => t._id === choice.ticketId);
          const mine = booked.get(attendee._id) ?? new Set<string>();
          const kept = offered.get(attendee._id);
          // A session this ticket needs is full (less any place an offer keeps for this child).
          const blocked = (t: Ticket) => ticketFullSessions(t, group, kept).length > 0;
          const ticketSessions = ticket
            ? (allowedSessions(sessions, ticket) as PublicSession[])
            : [];
          return (
            <section key={attendee._id} className="cw-panel cw-form">
              <h4>{attendee.name}</h4>
              <fieldset className="cw-choices">
                <legend>{text.ticketFor(attendee.name)}</legend>
                {group.tickets.map((t) => (
                  <label key={t._id} className="cw-check cw-spread">
                    <input
                      type="radio"
                      name={`cw-ticket-${attendee._id}`}
                      checked={choice.ticketId === t._id}
                      disabled={Boolean(unavailable[t._id]) || blocked(t)}
                      onChange={() => set({ ticketId: t._id, sessionIds: [] })}
                    />
                    <span>
                      {t.name} <small>{text.ticketType[t.type]}</small>
                      <TicketUnavailable ticket={t} group={group} settings={settings} kept={kept} />
                      {unavailable[t._id] && <small>{unavailable[t._id]}</small>}
                    </span>
                    <TicketPrice ticket={t} settings={settings} />
                  </label>
                ))}
              </fieldset>
              {ticket?.type === 'single' && (
                <fieldset className="cw-choices">
                  <legend>{text.sessionsFor(attendee.name)}</legend>
                  {ticketSessions.map((s) => {
                    const already = mine.has(s._id);
                    const isKept = kept?.has(s._id) ?? false;
                    // Full for everyone, or for this ticket (its own limit on the session).
                    const full =
                      (s.placesLeft === 0 || ticket.fullSessions.includes(s._id)) && !isKept;
                    const picked = choice.sessionIds.includes(s._id);
                    return (
                      <label key={s._id} className="cw-check cw-spread">
                        <input
                          type="checkbox"
                          checked={picked && !already}
                          disabled={already || (full && !picked)}
                          onChange={(e) =>
                            set({
                              sessionIds: e.currentTarget.checked
                                ? [...choice.sessionIds, s._id]
                                : choice.sessionIds.filter((x) => x !== s._id),
                            })
                          }
                        />
                        <span>
                          {dateLabel(s.date, locale)} {timeRange(s.startTime, s.endTime)}
                        </span>
                        <small className="cw-badge">
                          {already
                            ? text.alreadyBooked
                            : isKept
                              ? text.keptForYou
                              : full
                                ? text.full
                                : s.placesLeft != null
                                  ? text.placesLeft(s.placesLeft)
                                  : ''}
                        </small>
                      </label>
                    );
                  })}
                </fieldset>
              )}
              <UnavailableHelp group={group} settings={settings} kept={kept} />
              {ticket && ticket.type !== 'single' && (
                <p className="cw-count">{text.allUpcoming(ticketSessions.length)}</p>
              )}
              {group.addOns.length > 0 && (
                <fieldset className="cw-choices">
                  <legend>{text.addOnsFor(attendee.name)}</legend>
                  {group.addOns.map((a) => (
                    <label key={a._id} className="cw-check cw-spread">
                      <input
                        type="checkbox"
                        checked={choice.addOnIds.includes(a._id)}
                        onChange={(e) =>
                          set({
                            addOnIds: e.currentTarget.checked
                              ? [...choice.addOnIds, a._id]
                              : choice.addOnIds.filter((x) => x !== a._id),
                          })
                        }
                      />
                      <span>
                        {a.name}
                        {a.restrictSessions && (
                          <small>
                            {' '}
                            {text.onlyOn(
                              allowedSessions(sessions, a)
                                .map((s) => dateLabel(s.date, locale))
                                .join(', '),
                            )}
                          </small>
                        )}
                      </span>
                      <span className="cw-price">
                        {money(a.price, settings.currency, locale)}
                        <span className="cw-unit">{strings.perSession}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
              {(problems[attendee._id] ?? []).map((message) => (
                <p key={message} className="cw-note">
                  {message}
                </p>
              ))}
            </section>
          );
        })
      )}
      {group.tickets.some(isProRata) && <p className="cw-legend">{strings.proRataLegend}</p>}
      <div className="cw-row">
        <button type="button" className="cw-ghost" onClick={onBack}>
          {text.back}
        </button>
        <button type="button" className="cw-btn" onClick={next}>
          {text.continue}
        </button>
      </div>
    </div>
  );
}
