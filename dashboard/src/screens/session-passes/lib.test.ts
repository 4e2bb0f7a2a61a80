import { describe, expect, it } from 'vitest';
import { expiryText, optionText, optionValuesOf, optionValuesText } from './lib.ts';

describe('session pass screen texts', () => {
  it('says what an option gives and for how long', () => {
    expect(optionText({ creditAmount: 10, price: 4550 }, 'GBP', 'en-GB')).toBe(
      '10 credits for £45.50',
    );
    expect(optionText({ creditAmount: 1, price: 0 }, 'GBP', 'en-GB')).toBe('1 credit for £0.00');
    expect(expiryText({ amount: 3, unit: 'months' })).toBe('Expires after 3 months');
    expect(expiryText({ amount: 1, unit: 'years' })).toBe('Expires after 1 year');
    expect(expiryText({ amount: null, unit: 'days' })).toBe('Never expires');
  });

  it('round-trips a saved option through the modal values unchanged', () => {
    const saved = {
      _id: 'o1',
      creditAmount: 5,
      price: 2250,
      expiresAfter: { amount: 30, unit: 'days' as const },
      enabled: true,
    };
    const values = optionValuesOf(saved);
    expect(values.price).toBe('22.5');
    expect(optionValuesText(values, 'GBP', 'en-GB')).toEqual({
      line: '5 credits for £22.50',
      expiry: 'Expires after 30 days',
    });
  });
});
