import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { basketLines, basketSchema, cancelPlacesSchema } from './basket.ts';
import { fieldErrors } from './common.ts';

const errors = (input: unknown) => fieldErrors(v.safeParse(basketSchema, input).issues);

describe('basketSchema', () => {
  it.each([
    [{}, 'activityGroups', 'Please select an activity'],
    [{ activityGroups: [] }, 'activityGroups', 'Please select an activity'],
    [
      { activityGroups: [{ activityGroup: ' ', items: [] }] },
      'activityGroups.0.activityGroup',
      'Please select an activity',
    ],
    [
      { activityGroups: [{ activityGroup: 'g', items: [] }] },
      'activityGroups.0.items',
      'Please select at least one ticket',
    ],
    [
      { activityGroups: [{ activityGroup: 'g', items: [{ ticket: 't', attendees: [] }] }] },
      'activityGroups.0.items.0.attendees',
      'Please choose who is attending.',
    ],
    [
      { activityGroups: [{ activityGroup: 'g', items: [{ ticket: 't', attendees: ['a', 'a'] }] }] },
      'activityGroups.0.items.0.attendees',
      'Please choose who is attending.',
    ],
    [
      {
        activityGroups: [{ activityGroup: 'g', items: [{ ticket: 't', attendees: ['a'] }] }],
        paymentMethod: { type: 'cash' },
      },
      'paymentMethod.type',
      'Please choose how you would like to pay.',
    ],
    [
      {
        activityGroups: [{ activityGroup: 'g', items: [{ ticket: 't', attendees: ['a'] }] }],
        paymentMethod: { type: 'childcareVoucher' },
      },
      'paymentMethod.childcareVoucherProvider',
      "Please choose one of the organiser's childcare voucher providers.",
    ],
  ])('%j → %s: %s', (input, path, message) => {
    expect(errors(input)[path]).toBe(message);
  });

  it('turns a basket into one engine line per attendee per ticket', () => {
    const basket = v.parse(basketSchema, {
      activityGroups: [
        {
          activityGroup: 'g',
          items: [
            { ticket: 't', activities: ['s1'], attendees: ['a1', 'a2'], addOns: [{ addOn: 'x' }] },
          ],
        },
      ],
      discountCode: '  ',
    });
    expect(basket.discountCode).toBeNull();
    expect(basketLines(basket)).toEqual([
      {
        attendeeId: 'a1',
        activityGroupId: 'g',
        ticketId: 't',
        sessionIds: ['s1'],
        addOns: [{ addOnId: 'x', sessionIds: undefined }],
      },
      {
        attendeeId: 'a2',
        activityGroupId: 'g',
        ticketId: 't',
        sessionIds: ['s1'],
        addOns: [{ addOnId: 'x', sessionIds: undefined }],
      },
    ]);
  });
});

describe('cancelPlacesSchema', () => {
  it('needs a place and a known refund method', () => {
    expect(fieldErrors(v.safeParse(cancelPlacesSchema, {}).issues)).toEqual({
      places: 'Please choose at least one place to cancel.',
    });
    expect(
      fieldErrors(v.safeParse(cancelPlacesSchema, { places: ['p'], refundMethod: 'cash' }).issues),
    ).toEqual({ refundMethod: 'Please choose one of the refund methods offered.' });
  });
});
