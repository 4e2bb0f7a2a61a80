import { firstOfNextMonth } from './dates.ts';
import { messages } from './messages.ts';
import { scheduleTexts } from './payment-schedule.ts';

/*
 * Money a booking goes on collecting after checkout: a subscription ticket's monthly charge
 * (docs/rules/constants.md: collected on the 1st of each month) and a payment schedule's later
 * instalments. Both are taken from the card saved at checkout, so a basket that carries either is
 * payable only by card, whatever is due today (a mid-month membership may cost £0 now and £36 a
 * month after). Without card payments the organiser cannot sell such a ticket online.
 */

/** Why recurring charges cannot be paid this way (ours: the spec names no texts). */
export const recurringMessages = {
  membershipNeedsCard:
    'A membership is paid monthly by card: please choose to pay by card so the monthly payments can be taken.', // (ours)
  membershipCardUnavailable:
    'This membership is paid monthly by card, and card payments are not available for this organiser, so it cannot be booked online.', // (ours)
} as const;

/**
 * Whether a basket's recurring charges can be collected with the chosen method, or why not.
 * Subscription lines and later schedule instalments need the card (the one the parent pays
 * with now, saved for the later charges); when the organiser has no card payments nothing
 * recurring can be booked online at all. Null when the basket has nothing recurring or the
 * method is card and card payments exist.
 *
 * @example recurringPaymentProblem({ subscriptions: 1, laterInstalments: 0, method: null, cardAvailable: false }) // 'This membership is paid monthly by card, and card payments …'
 */
export function recurringPaymentProblem(input: {
  /** Subscription lines in the basket (the price's `recurring`). */
  subscriptions: number;
  /** Instalments the payment schedule takes later (the price's `schedule`). */
  laterInstalments: number;
  method: { type: string } | null | undefined;
  cardAvailable: boolean;
}): string | null {
  if (input.subscriptions <= 0 && input.laterInstalments <= 0) return null;
  const membership = input.subscriptions > 0;
  if (!input.cardAvailable)
    return membership
      ? recurringMessages.membershipCardUnavailable
      : messages.cardPaymentsUnavailable;
  if (input.method?.type === 'card') return null;
  return membership ? recurringMessages.membershipNeedsCard : messages.scheduleNeedsCard;
}

/**
 * Why a ticket cannot be chosen online, judged before the parent picks it: a subscription
 * ticket needs card payments. Null when it can be chosen.
 *
 * @example ticketPaymentProblem({ type: 'subscription' }, { cardAvailable: false }) // 'This membership is paid monthly by card, …'
 */
export function ticketPaymentProblem(
  ticket: { type: string },
  options: { cardAvailable: boolean },
): string | null {
  if (ticket.type !== 'subscription') return null;
  return options.cardAvailable ? null : recurringMessages.membershipCardUnavailable;
}

/** One recurring plan of a booking as parents and organisers read it. */
export interface PlanView {
  kind: 'subscription' | 'schedule';
  /** The amount of the next collection (a subscription's monthly price), minor units. */
  amount: number;
  /** `yyyy-MM-dd` of the next collection, null when nothing more is collected. */
  nextPaymentDate: string | null;
  /**
   * docs/rules/editing-and-states.md's texts: 'First/Next payment on …' and 'Continues until
   * cancelled' or 'Final payment on …'.
   */
  texts: string[];
  /** A schedule's instalments still to come (Date, Amount); empty for subscriptions. */
  instalments: { date: string; amount: number; status: string }[];
}

/**
 * A subscription ticket's plan: the monthly price collected on the 1st of each month from the
 * month after the booking (the booking itself paid the first month or its cover fee), until
 * cancelled. A cancelled subscription collects nothing more.
 *
 * @example subscriptionPlan({ monthlyAmount: 3600, bookedOn: '2026-11-25', today: '2026-11-25', cancelled: false, dateFormat: 'dd/MM/yyyy' })
 *   // { kind: 'subscription', amount: 3600, nextPaymentDate: '2026-12-01', texts: ['First payment on 01/12/2026', 'Continues until cancelled'], instalments: [] }
 */
export function subscriptionPlan(input: {
  monthlyAmount: number;
  /** The civil date the booking was made, in the client's zone. */
  bookedOn: string;
  today: string;
  cancelled: boolean;
  dateFormat: string;
}): PlanView {
  if (input.cancelled)
    return { kind: 'subscription', amount: 0, nextPaymentDate: null, texts: [], instalments: [] };
  const first = firstOfNextMonth(input.bookedOn);
  const next = input.today < first ? first : firstOfNextMonth(input.today);
  // Collections so far (first … the month before next) make 'Next' rather than 'First'.
  const dates = next === first ? [first] : [first, next];
  return {
    kind: 'subscription',
    amount: input.monthlyAmount,
    nextPaymentDate: next,
    texts: scheduleTexts({
      dates,
      today: next === first ? input.today : first,
      untilCancelled: true,
      dateFormat: input.dateFormat,
    }),
    instalments: [],
  };
}

/**
 * A booking's payment schedule as it stands: the instalments with their state, the next one
 * still to be taken, and docs/rules/editing-and-states.md's texts.
 *
 * @example schedulePlan({ instalments: [{ date: '2026-12-01', amount: 6000, status: 'scheduled' }], today: '2026-11-25', dateFormat: 'dd/MM/yyyy' }).texts
 *   // ['First payment on 01/12/2026', 'Final payment on 01/12/2026']
 */
export function schedulePlan(input: {
  instalments: readonly { date: string; amount: number; status: string }[];
  today: string;
  dateFormat: string;
}): PlanView {
  const live = [...input.instalments]
    .filter((i) => i.status !== 'cancelled')
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const next = live.find((i) => i.status === 'scheduled' && i.date >= input.today) ?? null;
  return {
    kind: 'schedule',
    amount: next?.amount ?? 0,
    nextPaymentDate: next?.date ?? null,
    texts: next
      ? scheduleTexts({
          dates: live.map((i) => i.date),
          // An instalment due today has not been taken yet: read it as the next one.
          today: dayBefore(next.date, input.today),
          dateFormat: input.dateFormat,
        })
      : [],
    instalments: live.map((i) => ({ date: i.date, amount: i.amount, status: i.status })),
  };
}

/** The 'today' scheduleTexts should see so that `next` is upcoming and earlier dates are past. */
function dayBefore(next: string, today: string): string {
  return today < next ? today : `${next.slice(0, 8)}00`;
}
