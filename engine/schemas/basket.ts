import * as v from 'valibot';
import { messages } from '../messages.ts';
import type { BasketLine } from '../pricing/types.ts';
import { hasNoNul, LIMITS } from './common.ts';

/*
 * The basket a parent sends to quote and to book (docs/api/bookings.md). The same schema checks
 * the widget's basket before it calls and the API's request body, so both answer alike. Sizes are
 * capped far above any real basket so one request cannot make the server price thousands of lines.
 */

const id = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(LIMITS.id, message),
    v.check(hasNoNul, message),
  );
const ids = (message: string, max: number) =>
  v.pipe(v.array(id(message), message), v.maxLength(max, messages.invalidInput));

const addOnChoice = v.strictObject({
  addOn: id(messages.notEnabledForAnySessions),
  activities: v.optional(ids(messages.unknownSession, 500)),
});

const basketItem = v.strictObject({
  ticket: id(messages.selectTicket),
  activities: v.optional(ids(messages.unknownSession, 500)),
  addOns: v.optional(v.pipe(v.array(addOnChoice), v.maxLength(50, messages.invalidInput))),
  attendees: v.pipe(
    v.optional(ids(messages.attendeeRequired, 50), []),
    v.minLength(1, messages.attendeeRequired),
    v.check((list) => new Set(list).size === list.length, messages.attendeeRequired),
  ),
});

const basketGroup = v.strictObject({
  activityGroup: id(messages.selectActivity),
  items: v.pipe(
    v.optional(v.array(basketItem, messages.selectTicket), []),
    v.minLength(1, messages.selectTicket),
    v.maxLength(50, messages.invalidInput),
  ),
});

const PAYMENT_TYPES = ['childcareVoucher', 'payLater', 'card'] as const;
export type BasketPaymentType = (typeof PAYMENT_TYPES)[number];

const paymentMethod = v.pipe(
  v.strictObject({
    type: v.picklist(PAYMENT_TYPES, messages.paymentMethodRequired),
    childcareVoucherProvider: v.optional(v.nullable(id(messages.voucherProviderUnavailable))),
  }),
  v.forward(
    v.check(
      (m) => m.type !== 'childcareVoucher' || !!m.childcareVoucherProvider?.trim(),
      messages.voucherProviderUnavailable,
    ),
    ['childcareVoucherProvider'],
  ),
);

/**
 * Quote and create body. Empty baskets answer the wizard's own messages
 * (docs/rules/forms-and-messages.md).
 *
 * @example v.safeParse(basketSchema, { activityGroups: [] }).issues?.[0].message // 'Please select an activity'
 */
export const basketSchema = v.strictObject({
  activityGroups: v.pipe(
    v.optional(v.array(basketGroup, messages.selectActivity), []),
    v.minLength(1, messages.selectActivity),
    v.maxLength(20, messages.invalidInput),
  ),
  discountCode: v.optional(
    v.nullable(
      v.pipe(
        v.string(messages.codeInvalid),
        v.trim(),
        v.maxLength(LIMITS.code, messages.codeInvalid),
        v.check(hasNoNul, messages.codeInvalid),
        v.transform((code) => code || null),
      ),
    ),
    null,
  ),
  useAccountCredit: v.optional(v.boolean(), false),
  usePassCredits: v.optional(v.boolean(), false),
  payBySchedule: v.optional(v.boolean(), false),
  paymentMethod: v.optional(v.nullable(paymentMethod), null),
});

export type Basket = v.InferOutput<typeof basketSchema>;

/** An admin's booking for a customer: the customer's id, then the customer's basket. */
export const adminBasketSchema = v.strictObject({
  user: id(messages.required),
  /** The admin confirmed booking past a place or ticket limit (the quote's `overCapacity`). */
  allowOverCapacity: v.optional(v.boolean(), false),
  ...basketSchema.entries,
});

/** Placing a held basket: only the payment method (none when nothing is due). */
export const placeHeldBasketSchema = v.strictObject({
  paymentMethod: basketSchema.entries.paymentMethod,
});

/**
 * The pricing engine's lines of a basket: one per attendee per ticket, in basket order, so the
 * engine's `lineKey` points back at (group, item, attendee).
 *
 * @example basketLines(basket)[0] // { attendeeId, activityGroupId, ticketId, sessionIds, addOns }
 */
export function basketLines(basket: Pick<Basket, 'activityGroups'>): BasketLine[] {
  const lines: BasketLine[] = [];
  for (const group of basket.activityGroups) {
    for (const item of group.items) {
      for (const attendeeId of item.attendees) {
        lines.push({
          attendeeId,
          activityGroupId: group.activityGroup,
          ticketId: item.ticket,
          sessionIds: item.activities,
          addOns: item.addOns?.map((a) => ({ addOnId: a.addOn, sessionIds: a.activities })),
        });
      }
    }
  }
  return lines;
}

/**
 * `POST /api/bookings/{id}/cancel-quote` and `/cancel`: the places to cancel and, when money
 * comes back, where it goes.
 *
 * @example v.safeParse(cancelPlacesSchema, { places: [] }).issues?.[0].message // 'Please choose at least one place to cancel.'
 */
export const cancelPlacesSchema = v.strictObject({
  places: v.pipe(
    v.optional(ids(messages.selectPlacesToCancel, 500), []),
    v.minLength(1, messages.selectPlacesToCancel),
  ),
  refundMethod: v.optional(
    v.nullable(v.picklist(['stripe', 'accountCredit'], messages.chooseRefundMethod)),
    null,
  ),
});
