import { addDays, zonedParts } from './dates.ts';

/*
 * What the organiser's overview counts as money taken. A succeeded payment is money in, whatever
 * the method (card, voucher or pay-later marked paid). A refund is money out only when it went
 * back as money: account credit stays with the organiser until it is spent on a later booking,
 * so counting it here would show takings that never left.
 */

/** @example isMoneyIn({ status: 'succeeded' }) // true */
export const isMoneyIn = (payment: { status: string }) => payment.status === 'succeeded';

/** @example isMoneyOut({ status: 'succeeded', method: 'accountCredit' }) // false */
export const isMoneyOut = (refund: { status: string; method: string }) =>
  refund.status === 'succeeded' && refund.method !== 'accountCredit';

export interface DayTakings {
  /** `yyyy-MM-dd` in the client's time zone. */
  date: string;
  /** Minor units taken that day. */
  paid: number;
  /** Minor units refunded that day, as a positive number. */
  refunded: number;
}

/**
 * Takings per day for the `days` days ending on `today` (client zone), oldest first, with a row
 * for every day so a chart keeps its time axis. Movements outside the window are left out.
 *
 * @example takingsByDay({ payments: [{ at: '2026-11-23T10:00:00Z', amount: 950 }], refunds: [], today: '2026-11-23', days: 2, timeZone: 'Europe/London' })
 * // [{ date: '2026-11-22', paid: 0, refunded: 0 }, { date: '2026-11-23', paid: 950, refunded: 0 }]
 */
export function takingsByDay(input: {
  payments: readonly { at: string; amount: number }[];
  refunds: readonly { at: string; amount: number }[];
  today: string;
  days: number;
  timeZone: string;
}): DayTakings[] {
  const first = addDays(input.today, 1 - input.days);
  const rows = Array.from({ length: input.days }, (_, i) => ({
    date: addDays(first, i),
    paid: 0,
    refunded: 0,
  }));
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const dayOf = (at: string) => byDate.get(zonedParts(Date.parse(at), input.timeZone).date);
  for (const p of input.payments) {
    const row = dayOf(p.at);
    if (row) row.paid += p.amount;
  }
  for (const r of input.refunds) {
    const row = dayOf(r.at);
    if (row) row.refunded += r.amount;
  }
  return rows;
}
