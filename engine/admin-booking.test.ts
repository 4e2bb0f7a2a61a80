import { describe, expect, it } from 'vitest';
import { adminPaymentMethodProblem } from './admin-booking.ts';
import { messages } from './messages.ts';

describe('adminPaymentMethodProblem', () => {
  it('refuses a card: an admin never charges a card', () => {
    expect(adminPaymentMethodProblem({ type: 'card' })).toBe(messages.adminCardNotAllowed);
  });
  it('accepts pay later, a childcare voucher and no method (nothing due)', () => {
    expect(adminPaymentMethodProblem({ type: 'payLater' })).toBeNull();
    expect(adminPaymentMethodProblem({ type: 'childcareVoucher' })).toBeNull();
    expect(adminPaymentMethodProblem(null)).toBeNull();
  });
});
