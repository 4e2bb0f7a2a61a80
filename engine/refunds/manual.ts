import * as v from 'valibot';
import { messages } from '../messages.ts';
import { formatMoney } from '../money.ts';
import { hasFeature } from '../plans.ts';
import { boundedText, LIMITS } from '../schemas/common.ts';

/*
 * A manual refund (docs/rules/refunds.md): beside the cancellation rules' refund, the organiser
 * gives back any amount up to what the booking received and has not had back yet, to the card
 * it was paid with or as account credit, always with a reason. One rule for the limit, so the
 * dialog and the API refuse the same amounts.
 */

/** Texts of the manual refund (ours: the spec names none). */
export const manualRefundMessages = {
  reasonRequired: 'Please give a reason for the refund.', // (ours)
  amountRequired: 'Please enter an amount to refund.', // (ours)
  amountPositive: 'The refund must be more than 0.', // (ours)
  amountTooMuch: (max: string) => `You can refund at most ${max} on this booking.`, // (ours)
  nothingToRefund: 'Nothing is left to refund on this booking.', // (ours)
  methodUnavailable: 'This refund method is not available for this booking.', // (ours)
  cardTooMuch: (max: string) => `At most ${max} can go back to the card.`, // (ours)
} as const;

export type ManualRefundMethod = 'stripe' | 'accountCredit';

export interface ManualRefundMoney {
  /** The booking's succeeded payments: who took them, how much, and how much went back to them. */
  payments: readonly { provider: string; amount: number; amountRefunded: number }[];
  /** Account credit spent on the booking: money received too. */
  creditApplied: number;
  /** Refunds recorded on the booking, any method; failed ones gave their money back. */
  refunds: readonly { amount: number; status: string }[];
  /** Whether this organiser can send refunds to a card now (Stripe set up and connected). */
  cardRefunds: boolean;
  planLevel: number;
}

export interface ManualRefundLimits {
  /** The most a refund may be, whatever the method: received less refunded. */
  max: number;
  /** The methods open now, each with its own ceiling. */
  methods: { method: ManualRefundMethod; max: number }[];
}

/**
 * How much may still be refunded on a booking and by which method. Account credit can carry the
 * whole `max` (on plans with account credit); the card only what its payments took and have not
 * given back, because Stripe cannot return more than a charge.
 *
 * @example manualRefundLimits({ payments: [{ provider: 'stripe', amount: 5000, amountRefunded: 1000 }], creditApplied: 0, refunds: [{ amount: 1000, status: 'succeeded' }], cardRefunds: true, planLevel: 20 }) // { max: 4000, methods: [{ method: 'stripe', max: 4000 }, { method: 'accountCredit', max: 4000 }] }
 */
export function manualRefundLimits(money: ManualRefundMoney): ManualRefundLimits {
  const received = money.payments.reduce((n, p) => n + p.amount, 0) + money.creditApplied;
  const refunded = money.refunds
    .filter((r) => r.status !== 'failed')
    .reduce((n, r) => n + r.amount, 0);
  const max = Math.max(0, received - refunded);
  const card = money.payments
    .filter((p) => p.provider === 'stripe')
    .reduce((n, p) => n + Math.max(0, p.amount - p.amountRefunded), 0);
  const methods: ManualRefundLimits['methods'] = [];
  if (money.cardRefunds && Math.min(card, max) > 0)
    methods.push({ method: 'stripe', max: Math.min(card, max) });
  if (max > 0 && hasFeature(money.planLevel, 'accountCredit'))
    methods.push({ method: 'accountCredit', max });
  return { max, methods };
}

/** The manual refund's body on the wire: amount in minor units. */
export const manualRefundSchema = v.strictObject({
  amount: v.pipe(
    v.number(manualRefundMessages.amountRequired),
    v.integer(messages.wholeNumber),
    v.minValue(1, manualRefundMessages.amountPositive),
    v.maxValue(LIMITS.moneyMinor, messages.amountTooLarge(LIMITS.moneyMinor / 100)),
  ),
  method: v.picklist(['stripe', 'accountCredit'], messages.chooseRefundMethod),
  reason: v.pipe(
    v.optional(boundedText(LIMITS.text, manualRefundMessages.reasonRequired), ''),
    v.trim(),
    v.nonEmpty(manualRefundMessages.reasonRequired),
  ),
});
export type ManualRefundInput = v.InferOutput<typeof manualRefundSchema>;

/**
 * Why this refund cannot be given now, keyed by field, or null when it can: the amount within
 * the booking's limit and the method's, the method one of those open.
 *
 * @example manualRefundProblem({ amount: 6000, method: 'accountCredit', reason: 'x' }, { max: 5000, methods: [{ method: 'accountCredit', max: 5000 }] }, 'GBP') // { amount: 'You can refund at most £50.00 on this booking.' }
 */
export function manualRefundProblem(
  input: Pick<ManualRefundInput, 'amount' | 'method'>,
  limits: ManualRefundLimits,
  currency: string,
  locale?: string,
): Record<string, string> | null {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  if (limits.max <= 0) return { amount: manualRefundMessages.nothingToRefund };
  if (input.amount > limits.max)
    return { amount: manualRefundMessages.amountTooMuch(money(limits.max)) };
  const method = limits.methods.find((m) => m.method === input.method);
  if (!method) return { method: manualRefundMessages.methodUnavailable };
  if (input.amount > method.max)
    return { amount: manualRefundMessages.cardTooMuch(money(method.max)) };
  return null;
}
