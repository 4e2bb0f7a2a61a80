import { addMonths } from './dates.ts';
import { formatCivilDate } from './display.ts';
import { messages } from './messages.ts';
import { allocate } from './money.ts';

/** A payment schedule as stored (docs/data-model.md), amounts in minor units. */
export interface PaymentScheduleData {
  _id?: string;
  type: 'regular' | 'fixed';
  frequency?: 'monthly';
  amount?: number | null;
  firstPaymentDate?: string | null;
  finalPaymentDate?: string | null;
  schedule?: readonly { _id?: string; date: string; amount: number }[];
  disableAfterFirstPaymentDate?: boolean;
  enabled?: boolean;
}

/**
 * A schedule is usable when it is not past its final payment date and, if it is disabled after
 * its first payment date, that date has not passed (docs/rules/editing-and-states.md). `today` is
 * the client-zone date.
 *
 * @example isScheduleUsable({ type: 'fixed', finalPaymentDate: '2025-05-01' }, '2025-05-02') // false
 */
export function isScheduleUsable(s: PaymentScheduleData, today: string): boolean {
  if (s.enabled === false) return false;
  const dates = scheduleDates(s);
  const final = s.finalPaymentDate ?? dates.at(-1)?.date ?? null;
  const first = s.firstPaymentDate ?? dates[0]?.date ?? null;
  if (final && today > final) return false;
  if (s.disableAfterFirstPaymentDate && first && today > first) return false;
  return dates.length > 0;
}

/** The dated instalments of a schedule: fixed entries as written; regular monthly from first to final. */
export function scheduleDates(s: PaymentScheduleData): { date: string; amount: number | null }[] {
  if (s.type === 'fixed') return [...(s.schedule ?? [])].sort((a, b) => (a.date < b.date ? -1 : 1));
  if (!s.firstPaymentDate) return [];
  const out: { date: string; amount: number | null }[] = [];
  const final = s.finalPaymentDate ?? s.firstPaymentDate;
  for (
    let i = 0, d = s.firstPaymentDate;
    d <= final && i < 120;
    i++, d = addMonths(s.firstPaymentDate, i)
  ) {
    out.push({ date: d, amount: s.amount ?? null });
  }
  return out;
}

/**
 * Splits an amount over a schedule: instalments dated today or earlier are due now, later ones
 * are scheduled as written, and whatever the instalments do not cover is due now. When a
 * discount makes the amount smaller than the scheduled instalments, the last instalments shrink
 * first, so the parent keeps the dates they were shown. A regular schedule without an amount
 * splits evenly over its dates.
 *
 * @example splitBySchedule(30000, { type: 'fixed', schedule: [{ date: '2025-02-01', amount: 10000 }, { date: '2025-03-01', amount: 10000 }] }, '2025-01-15') // { dueNow: 10000, later: [...] }
 */
export function splitBySchedule(total: number, s: PaymentScheduleData, today: string) {
  const dates = scheduleDates(s);
  const future = dates.filter((d) => d.date > today);
  let amounts: number[];
  if (dates.some((d) => d.amount === null)) {
    const even = allocate(
      total,
      dates.map(() => 1),
    );
    amounts = dates.map((_, i) => even[i]).slice(dates.length - future.length);
  } else {
    amounts = future.map((d) => d.amount ?? 0);
  }
  let excess = amounts.reduce((a, b) => a + b, 0) - total;
  for (let i = amounts.length - 1; excess > 0 && i >= 0; i--) {
    const cut = Math.min(excess, amounts[i]);
    amounts[i] -= cut;
    excess -= cut;
  }
  const later = future
    .map((d, i) => ({ date: d.date, amount: amounts[i] }))
    .filter((x) => x.amount > 0);
  const dueNow = total - later.reduce((a, b) => a + b.amount, 0);
  return { dueNow, later };
}

/**
 * The schedule's summary lines (docs/rules/editing-and-states.md): 'First payment on …' before any
 * instalment has fallen due, 'Next payment on …' after, 'Final payment on …', or 'Continues until
 * cancelled' for subscriptions. Dates read in the client's date format (client settings
 * `dateFormat`).
 *
 * @example scheduleTexts({ dates: ['2025-02-01', '2025-03-01'], today: '2025-01-15', dateFormat: 'dd/MM/yyyy' }) // ['First payment on 01/02/2025', 'Final payment on 01/03/2025']
 */
export function scheduleTexts(opts: {
  dates: readonly string[];
  today: string;
  untilCancelled?: boolean;
  /** The client's date format, e.g. 'dd/MM/yyyy' (see formatCivilDate). */
  dateFormat: string;
}): string[] {
  const fmt = (d: string) => formatCivilDate(d, opts.dateFormat);
  const sorted = [...opts.dates].sort();
  const next = sorted.find((d) => d > opts.today);
  const started = sorted.some((d) => d <= opts.today);
  const texts: string[] = [];
  if (next)
    texts.push(started ? messages.nextPaymentOn(fmt(next)) : messages.firstPaymentOn(fmt(next)));
  if (opts.untilCancelled) texts.push(messages.continuesUntilCancelled);
  else if (sorted.length > 0 && next) texts.push(messages.finalPaymentOn(fmt(sorted.at(-1)!)));
  return texts;
}

/**
 * What a ticket costs on each date of a payment schedule, for the payment schedule dialog
 * (docs/rules/screens.md: Date, Amount): every instalment as the parent would pay it at full price,
 * and what the instalments leave to be paid at booking. Judged as if booked before the first date.
 *
 * @example scheduleForTicket(30000, { type: 'regular', firstPaymentDate: '2027-01-01', finalPaymentDate: '2027-03-01' })
 *   // { atBooking: 0, instalments: [{ date: '2027-01-01', amount: 10000 }, { date: '2027-02-01', amount: 10000 }, { date: '2027-03-01', amount: 10000 }] }
 */
export function scheduleForTicket(
  price: number,
  s: PaymentScheduleData,
): { atBooking: number; instalments: { date: string; amount: number }[] } {
  // '' sorts before every date, so no instalment counts as already due.
  const split = splitBySchedule(price, s, '');
  return { atBooking: split.dueNow, instalments: split.later };
}
