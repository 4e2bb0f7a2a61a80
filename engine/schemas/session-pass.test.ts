import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { fieldErrors } from './common.ts';
import {
  createPassCreditGrantSchema,
  createSessionPassSchema,
  creditsExpireAtEndOf,
  passCreditExpiry,
  passPurchaseOptionSchema,
} from './session-pass.ts';

const errors = (schema: v.GenericSchema, input: unknown) =>
  fieldErrors(v.safeParse(schema, input).issues);

describe('session pass purchase option', () => {
  it('needs at least 1 credit and a price of at least 0, stored in minor units', () => {
    expect(errors(passPurchaseOptionSchema, { creditAmount: '0', price: '-1' })).toEqual({
      creditAmount: messages.amountMin1,
      price: messages.priceNegative,
    });
    expect(errors(passPurchaseOptionSchema, {})).toEqual({
      creditAmount: messages.required,
      price: messages.required,
    });
    expect(v.parse(passPurchaseOptionSchema, { creditAmount: '10', price: '45.5' })).toEqual({
      creditAmount: 10,
      price: 4550,
      expiresAfter: { amount: null, unit: 'days' },
      enabled: true,
    });
  });

  it('lets the expiry be blank but not below 1, in days, months or years', () => {
    expect(
      errors(passPurchaseOptionSchema, {
        creditAmount: 1,
        price: 0,
        expiresAfter: { amount: '0', unit: 'weeks' },
      }),
    ).toEqual({
      'expiresAfter.amount': messages.amountMin1OrBlank,
      'expiresAfter.unit': messages.unknownOption,
    });
  });
});

describe('session pass', () => {
  const pass = { name: 'Ten sessions', activityGroups: ['g1'], purchaseOptions: [] };

  it('needs a name and checks every purchase option at its own path', () => {
    expect(
      errors(createSessionPassSchema(), {
        name: ' ',
        purchaseOptions: [
          { creditAmount: 5, price: 20 },
          { creditAmount: 0, price: 1 },
        ],
      }),
    ).toEqual({ name: messages.required, 'purchaseOptions.1.creditAmount': messages.amountMin1 });
  });

  it("refuses an activity already in another pass, but not the pass's own", () => {
    const otherPasses = [{ _id: 'p2', activityGroups: ['g1'] }];
    expect(errors(createSessionPassSchema({ otherPasses }), pass)).toEqual({
      activityGroups: 'Another pass already applied',
    });
    expect(
      errors(createSessionPassSchema({ otherPasses, selfId: 'p2' }), { ...pass, _id: 'p2' }),
    ).toEqual({});
    expect(errors(createSessionPassSchema({ otherPasses }), { ...pass, _id: 'p2' })).toEqual({
      activityGroups: 'Another pass already applied',
    });
  });

  it('outputs a new pass enabled, with unique activities and minor-unit prices', () => {
    expect(
      v.parse(createSessionPassSchema(), {
        ...pass,
        activityGroups: ['g1', 'g1'],
        purchaseOptions: [{ _id: 'temp_1', creditAmount: '5', price: '20' }],
      }),
    ).toEqual({
      name: 'Ten sessions',
      activityGroups: ['g1'],
      purchaseOptions: [
        {
          _id: 'temp_1',
          creditAmount: 5,
          price: 2000,
          expiresAfter: { amount: null, unit: 'days' },
          enabled: true,
        },
      ],
      enabled: true,
    });
  });
});

describe('pass credits', () => {
  const now = Date.parse('2026-01-31T10:00:00Z');

  it('expire after the option’s period in the client’s zone, or never', () => {
    expect(passCreditExpiry({ amount: 1, unit: 'months' }, now, 'Europe/London')).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(passCreditExpiry({ amount: 10, unit: 'days' }, now, 'Europe/London')).toBe(
      '2026-02-10T10:00:00.000Z',
    );
    expect(passCreditExpiry({ amount: null, unit: 'days' }, now, 'Europe/London')).toBeNull();
  });

  it('given until a date last to the end of that day in the client’s zone', () => {
    expect(creditsExpireAtEndOf('2026-06-30', 'Europe/London')).toBe('2026-06-30T23:00:00.000Z');
    expect(creditsExpireAtEndOf('2026-12-31', 'Europe/London')).toBe('2027-01-01T00:00:00.000Z');
    expect(creditsExpireAtEndOf('', 'Europe/London')).toBeNull();
  });

  it('are granted as a whole number of at least 1 with a future expiry', () => {
    const schema = createPassCreditGrantSchema(now);
    expect(errors(schema, { userId: '', credits: '0', expiresAt: '2026-01-01T00:00:00Z' })).toEqual(
      {
        userId: messages.required,
        credits: messages.creditsMin1,
        expiresAt: messages.expiryInPast,
      },
    );
    expect(v.parse(schema, { userId: 'u1', credits: '3', expiresAt: '2026-06-01' })).toEqual({
      userId: 'u1',
      credits: 3,
      expiresAt: '2026-06-01T00:00:00.000Z',
    });
  });
});
