import { describe, expect, it } from 'vitest';
import { cancellationTermsText } from './terms.ts';

const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;

describe('cancellationTermsText', () => {
  it('words a session rule with its window, share and fee', () => {
    expect(
      cancellationTermsText(
        {
          sessionScope: 'singleSession',
          windowAmount: 48,
          windowUnit: 'hours',
          percentageToRefund: 100,
          fee: 100,
        },
        money,
      ),
    ).toBe('Cancel a session up to 48 hours before it starts: 100% refunded, less a £1.00 fee.');
  });

  it('words a whole-course rule, one unit, and no refund without a fee', () => {
    expect(
      cancellationTermsText(
        {
          sessionScope: 'allSessions',
          windowAmount: 1,
          windowUnit: 'weeks',
          percentageToRefund: 0,
          fee: 200,
        },
        money,
      ),
    ).toBe('Cancel the whole course up to 1 week before it starts: no refund.');
  });
});
