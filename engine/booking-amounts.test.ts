import { describe, expect, it } from 'vitest';
import { itemNetPrice, owedWhenReleased } from './booking-amounts.ts';

describe('booking amounts', () => {
  it('an item costs its price less its discount', () => {
    expect(itemNetPrice({ price: 8000, discount: 800 })).toBe(7200);
  });

  it('a discount larger than the price leaves the item free, never a negative amount', () => {
    expect(itemNetPrice({ price: 500, discount: 800 })).toBe(0);
  });

  it('a released booking owed its total less what was paid towards it', () => {
    expect(owedWhenReleased({ total: 12500, amountPaid: 2500 })).toBe(10000);
    expect(owedWhenReleased({ total: 12500, amountPaid: 12500 })).toBe(0);
  });
});
