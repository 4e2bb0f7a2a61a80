import type { RefundQuote } from './quote.ts';

/*
 * A booking's money as the parent reads it in My bookings (and the organiser on the booking
 * screen): what it costs, what came in, what is still owed and how to pay it, what went back
 * and why, and what each cancellation changed. One computation, so every screen agrees.
 */

/** Texts of the statement (ours: the spec names none). */
export const statementMessages = {
  payLaterInstructions:
    'Pay the organiser directly, as you arranged with them. They mark the booking paid once your payment arrives.', // (ours)
  cardInstructions: 'Pay by card from My bookings before the time runs out.', // (ours)
  scheduleInstructions: 'Taken from your saved card on each date of the payment schedule.', // (ours)
} as const;

/** What one cancellation did, kept with the booking when it happens. */
export interface CancellationRecord {
  /** ISO instant of the cancellation. */
  at: string;
  /** Who cancelled. */
  by: 'customer' | 'admin';
  /** The places given up, as people read them. */
  places: { attendee: string; ticket: string; date: string; startTime: string }[];
  /** The booking's total before and after (they differ when unpaid places came off it). */
  totalBefore: number;
  totalAfter: number;
  /** Instalments or money owed taken off by the cancellation. */
  owedBefore: number;
  owedAfter: number;
  refund: RefundBreakdown | null;
}

/** How a refund was worked out: per item, the rule's percentage and fee, and the method. */
export interface RefundBreakdown {
  amount: number;
  kind: RefundQuote['kind'];
  method: string | null;
  items: { refundable: number; percentage: number; fee: number; amount: number }[];
}

/**
 * The refund breakdown to keep with a cancellation, from the quote it applied and the method
 * the refund went by. Items with nothing refundable are left out (no rule applied to them).
 *
 * @example refundBreakdown(quote, 'accountCredit') // { amount: 1300, kind: 'partialRefund', method: 'accountCredit', items: [{ refundable: 3000, percentage: 50, fee: 200, amount: 1300 }] }
 */
export function refundBreakdown(quote: RefundQuote, method: string | null): RefundBreakdown | null {
  if (quote.amount <= 0) return null;
  return {
    amount: quote.amount,
    kind: quote.kind,
    method,
    items: quote.items
      .filter((i) => i.refundable > 0)
      .map((i) => ({
        refundable: i.refundable,
        percentage: i.percentage,
        fee: i.fee,
        amount: i.amount,
      })),
  };
}

export interface StatementInput {
  status: string;
  total: number;
  amountDueNow: number;
  /** Succeeded payments plus account credit spent on the booking. */
  received: number;
  paymentMethod: string | null;
  /** The voucher provider's instructions, when paid by childcare voucher. */
  voucherInstructions: string | null;
  /**
   * Refunds recorded (any state but failed counts: the money is on its way back); a manual
   * refund carries the organiser's reason (docs/rules/refunds.md).
   */
  refunds: readonly {
    amount: number;
    method: string;
    status: string;
    at: string;
    reason?: string | null;
  }[];
  /** Instalments of a payment schedule not yet taken. */
  scheduled: readonly { amount: number; status: string }[];
}

export interface Statement {
  total: number;
  paid: number;
  refunded: number;
  /** Owed now (an unpaid or held booking) plus instalments still to be taken. */
  owed: number;
  owedNow: number;
  owedLater: number;
  /** How to pay what is owed, or null when nothing is (or the card page is the way). */
  howToPay: string | null;
  refunds: { amount: number; method: string; status: string; at: string; reason?: string | null }[];
}

/**
 * A booking's money: total, paid, refunded, still owed (now and by later instalments) and how
 * to pay it (the voucher provider's instructions, pay-later instructions, or the saved card).
 *
 * @example bookingStatement({ status: 'awaiting_payment', total: 3000, amountDueNow: 3000, received: 0, paymentMethod: 'payLater', voucherInstructions: null, refunds: [], scheduled: [] }).owed // 3000
 */
export function bookingStatement(input: StatementInput): Statement {
  const unpaid = input.status === 'awaiting_payment' || input.status === 'held';
  const owedNow = unpaid ? Math.max(0, input.amountDueNow) : 0;
  const owedLater =
    input.status === 'cancelled'
      ? 0
      : input.scheduled
          .filter(
            (s) => s.status === 'scheduled' || s.status === 'processing' || s.status === 'failed',
          )
          .reduce((n, s) => n + s.amount, 0);
  const refunds = input.refunds.filter((r) => r.status !== 'failed');
  let howToPay: string | null = null;
  if (owedNow > 0) {
    if (input.paymentMethod === 'childcareVoucher') howToPay = input.voucherInstructions;
    else if (input.paymentMethod === 'payLater') howToPay = statementMessages.payLaterInstructions;
    else if (input.paymentMethod === 'card') howToPay = statementMessages.cardInstructions;
  } else if (owedLater > 0) howToPay = statementMessages.scheduleInstructions;
  return {
    total: input.total,
    paid: input.received,
    refunded: refunds.reduce((n, r) => n + r.amount, 0),
    owed: owedNow + owedLater,
    owedNow,
    owedLater,
    howToPay,
    refunds: refunds.map((r) => ({ ...r })),
  };
}
