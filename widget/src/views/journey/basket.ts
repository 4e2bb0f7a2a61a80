/*
 * The journey's choices turned into what the engine prices and what the API books: one item per
 * attendee (ticket, sessions for a single-session ticket, add-ons). Pure, so it is unit tested.
 */
import type { ActivityGroup, Attendee, BasketBody, Booking } from '../../../../api-client/index.ts';
import { bookingAgeProblem } from '../../../../engine/bookings.ts';
import { allowedSessions } from '../../../../engine/pricing/lines.ts';
import type { ActivityGroupRow, BasketLine } from '../../../../engine/pricing/types.ts';

/** What one attendee is booked on. */
export interface Choice {
  ticketId: string | null;
  /** Chosen sessions; only single-session tickets use them (others take every upcoming one). */
  sessionIds: string[];
  addOnIds: string[];
}

export const emptyChoice: Choice = { ticketId: null, sessionIds: [], addOnIds: [] };

const hhmm = (t: { hours: number; minutes: number }) =>
  `${String(t.hours).padStart(2, '0')}:${String(t.minutes).padStart(2, '0')}`;

/**
 * The public group in the engine's pricing shape.
 *
 * @example priceBasket({ groups: [groupRow(group)], lines, now, settings })
 */
export function groupRow(group: ActivityGroup): ActivityGroupRow {
  return {
    _id: group._id,
    name: group.name,
    sessions: group.activities,
    tickets: group.tickets.map((t) => ({
      ...t,
      type: t.type as 'all' | 'single' | 'subscription',
      timeDisplay: t.timeDisplay
        ? { start: hhmm(t.timeDisplay.start), end: hhmm(t.timeDisplay.end) }
        : null,
    })),
    addOns: group.addOns,
  };
}

const ticketOf = (group: ActivityGroup, choice: Choice) =>
  group.tickets.find((t) => t._id === choice.ticketId);

/** The attendees whose choice is complete enough to price, in the order they were picked. */
export function readyAttendees(
  group: ActivityGroup,
  attendeeIds: readonly string[],
  choices: Readonly<Record<string, Choice>>,
): string[] {
  return attendeeIds.filter((id) => {
    const choice = choices[id];
    const ticket = choice && ticketOf(group, choice);
    return ticket && (ticket.type !== 'single' || choice.sessionIds.length > 0);
  });
}

/**
 * The engine's basket lines, one per attendee with a ticket.
 *
 * @example basketLines(group, ['a1'], { a1: { ticketId: 't1', sessionIds: [], addOnIds: [] } })
 */
export function basketLines(
  group: ActivityGroup,
  attendeeIds: readonly string[],
  choices: Readonly<Record<string, Choice>>,
): BasketLine[] {
  return readyAttendees(group, attendeeIds, choices).map((attendeeId) => {
    const choice = choices[attendeeId];
    const single = ticketOf(group, choice)?.type === 'single';
    return {
      attendeeId,
      activityGroupId: group._id,
      ticketId: choice.ticketId!,
      ...(single ? { sessionIds: choice.sessionIds } : {}),
      addOns: choice.addOnIds.map((addOnId) => ({ addOnId })),
    };
  });
}

/**
 * The quote and create body (docs/api/bookings.md) for the same choices.
 *
 * @example basketBody(group, ['a1'], choices, { discountCode: 'WELCOME10' })
 */
export function basketBody(
  group: ActivityGroup,
  attendeeIds: readonly string[],
  choices: Readonly<Record<string, Choice>>,
  extras: { discountCode?: string; useAccountCredit?: boolean; usePassCredits?: boolean },
): BasketBody {
  const items = basketLines(group, attendeeIds, choices).map((line) => ({
    ticket: line.ticketId,
    ...(line.sessionIds ? { activities: [...line.sessionIds] } : {}),
    addOns: (line.addOns ?? []).map((a) => ({ addOn: a.addOnId })),
    attendees: [line.attendeeId],
  }));
  const code = extras.discountCode?.trim();
  return {
    activityGroups: [{ activityGroup: group._id, items }],
    ...(code ? { discountCode: code } : {}),
    useAccountCredit: extras.useAccountCredit === true,
    usePassCredits: extras.usePassCredits === true,
  };
}

/**
 * Sessions each attendee already holds a live place in (held or confirmed), from their bookings:
 * those sessions are shown disabled ('Already booked').
 *
 * @example bookedSessions(bookings).get('a1')?.has('s1')
 */
export function bookedSessions(bookings: readonly Booking[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const booking of bookings) {
    if (booking.status === 'cancelled' || booking.status === 'expired') continue;
    for (const item of booking.items) {
      const set = out.get(item.attendee._id) ?? new Set<string>();
      out.set(item.attendee._id, set);
      for (const place of item.places) {
        if (place.status === 'held' || place.status === 'confirmed') set.add(place.activity._id);
      }
    }
  }
  return out;
}

/**
 * The age notice or block for one attendee on one group: the engine's rule (`bookingAgeProblem`,
 * measured on the first upcoming session), which the server applies again on quote and booking.
 * The public group lists upcoming, enabled sessions only. Null when the age fits or is unknown.
 *
 * @example ageProblem(leo, camp) // { blocked: true, message: 'Sorry the attendee is outside …' }
 */
export function ageProblem(
  attendee: Pick<Attendee, 'dateOfBirth'>,
  group: Pick<ActivityGroup, 'activities' | 'ageRange' | 'schoolYears' | 'blockOutOfRange'>,
): { blocked: boolean; message: string } | null {
  return bookingAgeProblem({
    dateOfBirth: attendee.dateOfBirth,
    sessions: group.activities,
    ageRange: group.ageRange,
    schoolYears: group.schoolYears,
    blockOutOfRange: group.blockOutOfRange,
  });
}

/**
 * The sessions a 409 from the server names as gone (`errors['sessions.{id}']`, issue 11).
 *
 * @example goneSessions({ 'sessions.s1': 'Sorry, …' }) // ['s1']
 */
export function goneSessions(errors: Readonly<Record<string, string>>): string[] {
  return Object.keys(errors)
    .filter((key) => key.startsWith('sessions.'))
    .map((key) => key.slice('sessions.'.length));
}

/**
 * The choices without the sessions that went: a single-session ticket loses those sessions, a
 * ticket that needs every session (all sessions, membership) is unticked when it needed one of
 * them, so the basket never asks for a place that is gone.
 *
 * @example untickSessions(group, { a1: { ticketId: 'day', sessionIds: ['s1', 's2'], addOnIds: [] } }, ['s1']).a1.sessionIds // ['s2']
 */
export function untickSessions(
  group: Pick<ActivityGroup, 'tickets' | 'activities'>,
  choices: Readonly<Record<string, Choice>>,
  gone: readonly string[],
): Record<string, Choice> {
  const out: Record<string, Choice> = {};
  for (const [attendeeId, choice] of Object.entries(choices)) {
    const ticket = group.tickets.find((t) => t._id === choice.ticketId);
    if (!ticket || gone.length === 0) out[attendeeId] = choice;
    else if (ticket.type === 'single')
      out[attendeeId] = {
        ...choice,
        sessionIds: choice.sessionIds.filter((id) => !gone.includes(id)),
      };
    else {
      const needs = allowedSessions(group.activities, ticket).map((s) => s._id);
      out[attendeeId] = needs.some((id) => gone.includes(id))
        ? { ...choice, ticketId: null, sessionIds: [] }
        : choice;
    }
  }
  return out;
}
