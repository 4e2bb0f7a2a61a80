import { describe, expect, it } from 'vitest';
import { owedAfterCancelling, trimInstalments } from './owed.ts';

const unpaid = { subtotal: 6000, discountTotal: 0, total: 6000, amountDueNow: 6000, received: 0 };
const place = { gross: 3000, discount: 0, places: 1, cancelledBefore: 0 };

describe('owedAfterCancelling', () => {
  it('takes a cancelled unpaid £30 place off what a £60 booking owes', () => {
    expect(owedAfterCancelling(unpaid, [{ ...place, cancelling: 1 }])).toEqual({
      subtotal: 3000,
      discountTotal: 0,
      total: 3000,
      amountDueNow: 3000,
    });
  });

  it('owes nothing once every place is cancelled, discounts included', () => {
    const discounted = { ...unpaid, discountTotal: 600, total: 5400, amountDueNow: 5400 };
    const items = [
      { ...place, discount: 300, cancelling: 1 },
      { ...place, discount: 300, cancelling: 1 },
    ];
    expect(owedAfterCancelling(discounted, items)).toEqual({
      subtotal: 0,
      discountTotal: 0,
      total: 0,
      amountDueNow: 0,
    });
  });

  it('shares an item over its places and adds up exactly over several cancels', () => {
    const booking = {
      subtotal: 1000,
      discountTotal: 0,
      total: 1000,
      amountDueNow: 1000,
      received: 0,
    };
    const item = { gross: 1000, discount: 0, places: 3 };
    const first = owedAfterCancelling(booking, [{ ...item, cancelledBefore: 0, cancelling: 1 }]);
    expect(first.amountDueNow).toBe(667);
    const second = owedAfterCancelling({ ...booking, ...first }, [
      { ...item, cancelledBefore: 1, cancelling: 2 },
    ]);
    expect(second).toEqual({ subtotal: 0, discountTotal: 0, total: 0, amountDueNow: 0 });
  });

  it('leaves the part already received to the refund quote', () => {
    // £10 of account credit spent on the £60 booking: half a £30 place's share was received.
    const withCredit = { ...unpaid, total: 5000, amountDueNow: 5000, received: 1000 };
    expect(owedAfterCancelling(withCredit, [{ ...place, cancelling: 1 }])).toMatchObject({
      total: 2500,
      amountDueNow: 2500,
    });
  });
});

describe('trimInstalments', () => {
  it("takes a leaving child's part off every later date", () => {
    expect(trimInstalments([6000, 6000], 6000)).toEqual([3000, 3000]);
    expect(trimInstalments([4000, 2000], 3000)).toEqual([2000, 1000]);
  });
  it('keeps the total exact, rounding pennies onto the latest dates', () => {
    const kept = trimInstalments([1000, 1000, 1000], 1000);
    expect(kept.reduce((n, a) => n + a, 0)).toBe(2000);
    expect(kept).toEqual([666, 667, 667]);
  });
  it('never goes below zero and changes nothing for nothing', () => {
    expect(trimInstalments([3000, 3000], 9000)).toEqual([0, 0]);
    expect(trimInstalments([3000, 3000], 0)).toEqual([3000, 3000]);
    expect(trimInstalments([], 500)).toEqual([]);
  });
});
