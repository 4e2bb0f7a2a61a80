import { messages } from './messages.ts';

/** The payment methods an admin may record: money changes hands offline, never by card. */
export const ADMIN_PAYMENT_TYPES = ['payLater', 'childcareVoucher'] as const;

/**
 * Why an admin cannot book with this payment method, or null. An admin books on behalf of a
 * customer who is not at the keyboard, so no card can be entered and no card is ever charged:
 * the booking is paid later, by childcare voucher, or costs nothing.
 *
 * @example adminPaymentMethodProblem({ type: 'card' }) // 'An admin booking is paid offline: …'
 */
export function adminPaymentMethodProblem(method: { type: string } | null | undefined) {
  if (!method) return null;
  return (ADMIN_PAYMENT_TYPES as readonly string[]).includes(method.type)
    ? null
    : messages.adminCardNotAllowed;
}
