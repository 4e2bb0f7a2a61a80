import type { ActivityGroup, AdminQuote } from '../../../../api-client/index.ts';

/** One ticket of the chosen group as the wizard edits it (engine `bookingTicketsStepSchema`). */
export interface TicketChoice {
  ticketId: string;
  attendeeIds: string[];
  sessionIds: string[];
  addOnIds: string[];
}

export type PaymentChoice =
  | { type: 'payLater' }
  | { type: 'childcareVoucher'; childcareVoucherProvider: string };

/**
 * The basket the API quotes and books (docs/api/bookings.md). Tickets with no attendee are
 * dropped (docs/rules/editing-and-states.md: "groups with no attendees are dropped"); sessions are
 * sent only for single-session tickets, as the others cover every upcoming session.
 *
 * @example adminBasket('u1', group, [{ ticketId: 't', attendeeIds: ['a'], sessionIds: ['s'], addOnIds: [] }], null)
 */
export function adminBasket(
  userId: string,
  group: Pick<ActivityGroup, '_id' | 'tickets'>,
  choices: readonly TicketChoice[],
  payment: PaymentChoice | null,
) {
  const items = choices
    .filter((c) => c.attendeeIds.length > 0)
    .map((c) => {
      const single = group.tickets.find((t) => t._id === c.ticketId)?.type === 'single';
      return {
        ticket: c.ticketId,
        attendees: c.attendeeIds,
        ...(single ? { activities: c.sessionIds } : {}),
        addOns: c.addOnIds.map((addOn) => ({ addOn })),
      };
    });
  return {
    user: userId,
    activityGroups: [{ activityGroup: group._id, items }],
    paymentMethod: payment,
  };
}

/** Adds or removes one id, keeping the list's order. */
export const toggle = (list: readonly string[], id: string, on: boolean) =>
  on ? (list.includes(id) ? [...list] : [...list, id]) : list.filter((x) => x !== id);

/**
 * The quote's warnings and problems as sentences naming the attendee and ticket, for the
 * wizard's alerts. Problems block OK; warnings only inform (the admin may still book).
 */
export function quoteNotices(
  quote: AdminQuote,
  names: { attendee: (id: string) => string; ticket: (id: string) => string },
) {
  const lineName = (key: number) => {
    const line = quote.lines.find((l) => l.key === key);
    return line ? `${names.attendee(line.attendeeId)}, ${names.ticket(line.ticketId)}` : '';
  };
  return {
    warnings: quote.warnings.flatMap((w) =>
      w.warnings.map((x) => ({
        key: `${w.lineKey}-${x.code}`,
        who: lineName(w.lineKey),
        message: x.message,
      })),
    ),
    problems: quote.problems.map((p, i) => ({
      key: `${p.lineKey}-${i}`,
      who: lineName(p.lineKey),
      message: p.message,
    })),
  };
}
