import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { addOnSchema } from './add-on.ts';
import { bookingActivityStepSchema, bookingTicketsStepSchema } from './booking-wizard.ts';
import {
  cancellationRuleSchema,
  cancellationRuleVisibleFields,
  createCancellationRuleSchema,
} from './cancellation-rule.ts';
import { childcareVoucherProviderSchema, createFundingAccountSchema } from './childcare.ts';
import { fieldErrors } from './common.ts';
import {
  createDiscountRuleSchema,
  discountRuleSchema,
  discountRuleVisibleFields,
} from './discount-rule.ts';
import { fieldOptionSchema } from './field-option.ts';
import { createHomeTabSchema, suggestTabPath } from './home-tab.ts';
import { durationSchema } from './inputs.ts';
import { bulkPlaceLimitSchema, sessionSchema } from './session.ts';
import { passPurchaseOptionSchema } from './session-pass.ts';
import { checkUpload } from './uploads.ts';
import { createVenueSchema } from './venue.ts';

const errs = (schema: v.GenericSchema, input: unknown) =>
  fieldErrors(v.safeParse(schema, input).issues);

describe('form messages, word for word', () => {
  it.each<[string, v.GenericSchema, unknown, Record<string, string>]>([
    ['add-on price required', addOnSchema, { name: 'Lunch' }, { price: messages.priceRequired }],
    [
      'add-on price negative',
      addOnSchema,
      { name: 'Lunch', price: -1 },
      { price: messages.priceNegative },
    ],
    [
      'session place limit',
      sessionSchema,
      { date: '2025-01-06', startTime: '15:30', endTime: '16:30', placeLimit: 0 },
      { placeLimit: messages.placeLimitMin },
    ],
    [
      'session repeat end',
      sessionSchema,
      { date: '2025-01-06', startTime: '15:30', endTime: '16:30', repeat: { frequency: 'Weekly' } },
      { 'repeat.endType': messages.required },
    ],
    [
      'session occurrences',
      sessionSchema,
      {
        date: '2025-01-06',
        startTime: '15:30',
        endTime: '16:30',
        repeat: { frequency: 'Daily', endType: 'occurrences' },
      },
      { 'repeat.occurrences': messages.required },
    ],
    [
      'bulk place limit',
      bulkPlaceLimitSchema,
      { sessionIds: ['s'], placeLimit: 0 },
      { placeLimit: messages.placeLimitMin },
    ],
    [
      'window amount',
      cancellationRuleSchema,
      { sessionScope: 'allSessions', cancellationWindow: { amount: 0 } },
      { 'cancellationWindow.amount': messages.amountMin1 },
    ],
    [
      'percentage low',
      cancellationRuleSchema,
      {
        sessionScope: 'allSessions',
        cancellationWindow: { amount: 1 },
        config: { percentageToRefund: -1 },
      },
      { 'config.percentageToRefund': messages.percentageMin },
    ],
    [
      'percentage high',
      cancellationRuleSchema,
      {
        sessionScope: 'allSessions',
        cancellationWindow: { amount: 1 },
        config: { percentageToRefund: 101 },
      },
      { 'config.percentageToRefund': messages.percentageMax },
    ],
    [
      'fee',
      cancellationRuleSchema,
      { sessionScope: 'allSessions', cancellationWindow: { amount: 1 }, config: { fee: -1 } },
      { 'config.fee': messages.amountMin0 },
    ],
    [
      'credit expiry',
      cancellationRuleSchema,
      {
        sessionScope: 'allSessions',
        cancellationWindow: { amount: 1 },
        config: { refundMethods: ['accountCredit'], accountCreditExpiry: { amount: 0 } },
      },
      { 'config.accountCreditExpiry.amount': messages.amountMin1OrBlank },
    ],
    [
      'voucher provider',
      childcareVoucherProviderSchema,
      { name: ' ' },
      { name: messages.voucherProviderName },
    ],
    ['field option', fieldOptionSchema, {}, { name: messages.fieldOptionName }],
    [
      'pass option',
      passPurchaseOptionSchema,
      { creditAmount: 0, price: -1 },
      { creditAmount: messages.amountMin1, price: messages.priceNegative },
    ],
    [
      'US ZIP',
      createVenueSchema('US'),
      { name: 'Hall', address: { postalCode: '1234' } },
      { 'address.postalCode': messages.invalidZip },
    ],
    [
      'AU postcode',
      createVenueSchema('AU'),
      { name: 'Hall', address: { postalCode: '20000' } },
      { 'address.postalCode': messages.invalidAuPostcode },
    ],
    [
      'wizard activity',
      bookingActivityStepSchema,
      { userId: 'u' },
      { activityGroupId: messages.selectActivity },
    ],
    [
      'wizard no user',
      bookingActivityStepSchema,
      { activityGroupId: 'g' },
      { userId: messages.noUserSet },
    ],
    [
      'wizard tickets',
      bookingTicketsStepSchema,
      { tickets: [{ ticketId: 't', attendeeIds: [] }] },
      { tickets: messages.selectTicket },
    ],
    [
      'duration',
      durationSchema,
      { hours: 100, minutes: 60 },
      { hours: messages.durationHoursRange, minutes: messages.durationMinutesRange },
    ],
  ])('%s', (_, schema, input, expected) => {
    expect(errs(schema, input)).toEqual(expected);
  });

  it('cancellation rule: defaults, rounding, hidden fields cleared, plan gate', () => {
    const out = v.parse(cancellationRuleSchema, {
      sessionScope: 'allSessions',
      cancellationWindow: { amount: '48' },
      config: { percentageToRefund: '0', fee: 5, refundMethods: ['stripe'] },
    });
    expect(out.cancellationWindow).toEqual({ amount: 48, unit: 'hours' });
    expect(out.config).toMatchObject({ percentageToRefund: 0, fee: 0, refundMethods: [] });
    expect(
      v.parse(cancellationRuleSchema, {
        sessionScope: 'singleSession',
        cancellationWindow: { amount: 1 },
        config: { percentageToRefund: 49.5 },
      }).config.percentageToRefund,
    ).toBe(50);
    expect(cancellationRuleVisibleFields({ config: { refundMethods: ['accountCredit'] } })).toEqual(
      { fee: true, refundMethods: true, accountCreditExpiry: true },
    );
    expect(
      errs(createCancellationRuleSchema({ planLevel: 10 }), {
        sessionScope: 'allSessions',
        cancellationWindow: { amount: 1 },
        config: { refundMethods: ['accountCredit'] },
      }),
    ).toEqual({ 'config.refundMethods': messages.accountCreditPremiumOnly });
  });

  it('childcare funding account: unique name ignoring case, unique reference ignoring itself', () => {
    const schema = createFundingAccountSchema({
      others: [{ _id: 'x', name: 'Tax-Free', regReference: 'R1' }],
    });
    expect(errs(schema, { name: 'tax-free', regReference: 'R1', postcode: '' })).toEqual({
      name: messages.nameExists,
      regReference: messages.regReferenceExists,
      postcode: messages.postcodeRequired,
    });
    expect(
      errs(schema, { _id: 'x', name: 'Tax-Free', regReference: 'R1', postcode: 'AB1' }),
    ).toEqual({});
    expect(errs(schema, { name: 'x'.repeat(50), regReference: '', postcode: 'A' })).toEqual({
      name: messages.nameTooLong,
      regReference: messages.regReferenceRequired,
    });
    expect(errs(schema, {})).toMatchObject({ name: messages.nameRequired });
  });

  it('home tab: path rules and suggestion', () => {
    const schema = createHomeTabSchema({ otherTabs: [{ _id: 't1', path: 'clubs' }] });
    expect(errs(schema, { name: 'Clubs', path: 'Clubs--x', field: 'f', value: [] })).toEqual({
      path: messages.pathInvalid,
      value: messages.atLeastOneOption,
    });
    expect(errs(schema, { name: 'Clubs', path: 'clubs', field: 'f', value: ['o'] })).toEqual({
      path: messages.pathUsed,
    });
    expect(suggestTabPath('  Après-School  Clubs!')).toBe('apres-school-clubs');
  });

  it('uploads', () => {
    expect(checkUpload({ kind: 'image', file: { name: 'a.png', size: 0 } })).toBe(
      messages.emptyDrop,
    );
    expect(
      checkUpload({
        kind: 'document',
        file: { name: 'a.pdf', size: 10 },
        currentCount: 2,
        maxFiles: 2,
      }),
    ).toBe('You can only upload up to 2 file(s)');
    expect(checkUpload({ kind: 'image', file: { name: 'a.pdf', size: 10 } })).toBe(
      messages.fileTypeNotAllowed,
    );
    expect(checkUpload({ kind: 'attachment', file: { name: 'a.PDF', size: 4_500_001 } })).toBe(
      messages.fileTooLarge,
    );
    expect(
      checkUpload({ kind: 'singleImage', file: { name: 'a.jpg', size: 9_000_000 } }),
    ).toBeNull();
  });
});

describe('discount rule form', () => {
  const session = {
    name: 'Multi',
    type: 'MultiPurchase',
    multiPurchaseType: 'Session',
    sessionsOption: 'SameActivity',
    activityGroups: ['g1'],
  };
  it.each<[string, unknown, Record<string, string>]>([
    ['no conditions', session, { multiSessionConditions: messages.atLeastOneCondition }],
    [
      'minimum below 2',
      {
        ...session,
        multiSessionConditions: [{ minimumSessions: 1, unit: 'Percentage', percentage: 5 }],
      },
      { 'multiSessionConditions.0.minimumSessions': messages.minimumSessions },
    ],
    [
      'duplicate minimum',
      {
        ...session,
        multiSessionConditions: [
          { minimumSessions: 3, unit: 'Percentage', percentage: 5 },
          { minimumSessions: 3, unit: 'Percentage', percentage: 9 },
        ],
      },
      {
        'multiSessionConditions.1.minimumSessions':
          'A condition has already been created for a minimum of 3 sessions.',
      },
    ],
    [
      'unit locked',
      {
        ...session,
        multiSessionConditions: [
          { minimumSessions: 2, unit: 'Percentage', percentage: 5 },
          { minimumSessions: 3, unit: 'FixedAmount', fixedAmount: 1 },
        ],
      },
      { 'multiSessionConditions.1.unit': messages.conditionUnitLocked },
    ],
    [
      'activity condition',
      {
        name: 'A',
        type: 'MultiPurchase',
        multiPurchaseType: 'Activity',
        activityGroups: ['g1'],
        multiActivityConditions: [{ minimumActivities: 1, unit: 'FixedAmount', fixedAmount: -1 }],
      },
      {
        'multiActivityConditions.0.minimumActivities': messages.minimumActivities,
        'multiActivityConditions.0.fixedAmount': messages.amountMin0,
      },
    ],
    [
      'code characters',
      {
        name: 'C',
        type: 'Code',
        code: 'SAVE-10',
        codeUsage: 'AllActivities',
        unit: 'Percentage',
        percentage: 10,
      },
      { code: messages.codeCharacters },
    ],
    [
      'code percentage and max',
      {
        name: 'C',
        type: 'Code',
        code: 'SAVE10',
        codeUsage: 'AllActivities',
        unit: 'Percentage',
        percentage: 101,
        maximumDiscountAmount: 0,
      },
      { percentage: messages.percentageMax, maximumDiscountAmount: messages.amountMin1 },
    ],
    [
      'multi-attendee unit required',
      { name: 'M', type: 'MultiAttendee', sessionsOption: 'SameActivity', activityGroups: ['g1'] },
      { unit: messages.required },
    ],
  ])('%s', (_, input, expected) => {
    expect(errs(discountRuleSchema, input)).toEqual(expected);
  });

  it('skips the code check for a saved code with other characters, locks fields once used, refuses a second rule', () => {
    const saved = createDiscountRuleSchema({
      saved: { code: 'OLD-CODE', timesUsed: 3, type: 'Code', unit: 'Percentage' },
    });
    expect(
      errs(saved, {
        name: 'C',
        type: 'Code',
        code: 'OLD-CODE',
        codeUsage: 'AllActivities',
        unit: 'FixedAmount',
        fixedAmount: 1,
      }),
    ).toEqual({ unit: messages.lockedOnceUsed });
    const other = createDiscountRuleSchema({
      otherRules: [{ _id: 'r2', type: 'MultiPurchase', activityGroups: ['g1'], enabled: true }],
    });
    expect(
      errs(other, {
        ...session,
        multiSessionConditions: [{ minimumSessions: 2, unit: 'Percentage', percentage: 5 }],
      }),
    ).toEqual({ activityGroups: messages.anotherRuleApplied });
  });

  it('outputs minor units and nulls hidden fields; tells the form what to show', () => {
    const out = v.parse(discountRuleSchema, {
      name: 'C',
      type: 'Code',
      code: 'SAVE10',
      codeUsage: 'AllActivities',
      unit: 'FixedAmount',
      fixedAmount: '12.50',
      percentage: 5,
      shouldLimitRedemptions: true,
      maxRedemptions: '100',
    });
    expect(out).toMatchObject({
      fixedAmount: 1250,
      percentage: null,
      maxRedemptions: 100,
      maxUserRedemptions: null,
      enabled: true,
    });
    const show = discountRuleVisibleFields(
      { type: 'Code', unit: 'Percentage' },
      { presetType: true, timesUsed: 1 },
    );
    expect(show).toMatchObject({
      type: false,
      minimumTotal: false,
      maximumDiscountAmount: true,
      sessionsOption: false,
      unitOptions: ['FixedAmount', 'Percentage'],
    });
    expect(show.locked).toContain('type');
    expect(discountRuleVisibleFields({ type: 'MultiAttendee' }).unitOptions).toEqual([
      'AmountAdditionalAttendee',
      'PercentageAdditionalAttendee',
    ]);
  });
});
