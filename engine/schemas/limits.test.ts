import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { createAttendeeSchema, type FieldDefinition } from './attendee.ts';
import { registrationSchema } from './auth.ts';
import { cancellationRuleSchema } from './cancellation-rule.ts';
import {
  boundedText,
  checkInteger,
  checkMoney,
  checkPercentage,
  fieldErrors,
  Issues,
  LIMITS,
  numberish,
  periodMax,
  queryLimit,
  queryPage,
  toNumber,
} from './common.ts';
import { createPassCreditGrantSchema } from './session-pass.ts';
import { createVenueSchema } from './venue.ts';

/* The bounded primitives every schema is made of (docs/rules/input-limits.md). */

const errorsOf = (schema: v.GenericSchema, input: unknown) =>
  fieldErrors(v.safeParse(schema, input).issues);

describe('bounded text', () => {
  it('takes up to its maximum and refuses one more, and any NUL', () => {
    expect(v.safeParse(boundedText(5), 'hello').success).toBe(true);
    expect(errorsOf(boundedText(5), 'hello!')).toEqual({ _: 'Please use at most 5 characters.' });
    expect(errorsOf(boundedText(5), 'a\u0000b')).toEqual({ _: messages.invalidCharacter });
  });

  it('bounds every name field: a venue name of 201 characters is refused', () => {
    const venue = createVenueSchema();
    expect(errorsOf(venue, { name: 'x'.repeat(201) })).toEqual({
      name: 'Please use at most 200 characters.',
    });
    expect(v.safeParse(venue, { name: 'x'.repeat(200) }).success).toBe(true);
  });

  it('refuses NUL in a password before anything hashes it', () => {
    const form = { fullName: 'Pat', email: 'p@home.test', password: 'pass\u0000word' };
    expect(errorsOf(registrationSchema, { ...form, confirmPassword: form.password })).toMatchObject(
      { password: messages.invalidCharacter },
    );
  });
});

describe('numbers', () => {
  it('reads Infinity and numerals too large to hold as not a number', () => {
    expect(toNumber(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(toNumber('9'.repeat(400))).toBeNaN();
    expect(toNumber(' 12.5 ')).toBe(12.5);
    expect(v.safeParse(numberish, Number.NEGATIVE_INFINITY).success).toBe(false);
    expect(v.safeParse(numberish, '1'.repeat(51)).success).toBe(false);
  });

  it('caps money at 100,000 per amount', () => {
    const issues = new Issues();
    expect(checkMoney(issues, 'price', '100000', { negative: 'neg' })).toBe(10_000_000);
    expect(checkMoney(issues, 'price', '100000.01', { negative: 'neg' })).toBeNull();
    expect(issues.list).toEqual([
      { path: ['price'], message: 'Amount cannot be greater than 100,000.' },
    ]);
  });

  it('caps whole numbers at 1,000,000 either side of zero', () => {
    const issues = new Issues();
    expect(checkInteger(issues, 'n', '1000000', {})).toBe(1_000_000);
    expect(checkInteger(issues, 'n', 1e20, {})).toBeNull();
    expect(checkInteger(issues, 'n', -2_000_000, {})).toBeNull();
    expect(issues.list.map((i) => i.message)).toEqual([
      messages.numberTooLarge(LIMITS.integer),
      messages.numberTooLarge(LIMITS.integer),
    ]);
  });

  it('keeps percentages whole: refused when fractional, rounded where the spec rounds', () => {
    const issues = new Issues();
    expect(checkPercentage(issues, 'p', 1.5, true)).toBeNull();
    expect(issues.list).toEqual([{ path: ['p'], message: messages.percentageWhole }]);
    expect(checkPercentage(new Issues(), 'p', 1.5, true, true)).toBe(2);
    const rule = v.parse(cancellationRuleSchema, {
      sessionScope: 'allSessions',
      cancellationWindow: { amount: 2, unit: 'days' },
      config: { percentageToRefund: 49.6 },
    });
    expect(rule.config.percentageToRefund).toBe(50);
  });

  it('caps a period at 100 years in its own unit', () => {
    const issues = new Issues();
    expect(checkInteger(issues, 'a', '100', { max: periodMax('years') })).toBe(100);
    expect(checkInteger(issues, 'a', '101', { max: periodMax('years') })).toBeNull();
    expect(checkInteger(issues, 'a', '36500', { max: periodMax('days') })).toBe(36_500);
    expect(checkInteger(issues, 'a', '1201', { max: periodMax('months') })).toBeNull();
    expect(issues.list.map((i) => i.message)).toEqual([
      messages.periodTooLong,
      messages.periodTooLong,
    ]);
  });

  it('refuses a pass credit expiry after 2199', () => {
    const grant = createPassCreditGrantSchema(Date.parse('2026-11-25T12:00:00Z'));
    const form = { userId: 'u1', credits: '5' };
    expect(errorsOf(grant, { ...form, expiresAt: '+275760-09-13T00:00:00Z' })).toEqual({
      expiresAt: messages.invalidDate,
    });
    expect(v.safeParse(grant, { ...form, expiresAt: '2199-12-31T23:00:00Z' }).success).toBe(true);
  });

  it('reads paging as digits only', () => {
    const query = v.object({ page: queryPage, limit: queryLimit(100, 20) });
    expect(v.parse(query, {})).toEqual({ page: 1, limit: 20 });
    expect(v.parse(query, { page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
    for (const bad of [{ page: '1e309' }, { page: '0' }, { limit: '-1' }, { limit: '101' }])
      expect(v.safeParse(query, bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('custom field answers', () => {
  const field = (type: FieldDefinition['type']): FieldDefinition => ({
    _id: type,
    title: type,
    type,
    required: false,
    adminOnly: false,
    enabled: true,
  });
  const schema = createAttendeeSchema([field('text'), field('textarea'), field('integer')], {
    admin: false,
  });

  it('bounds text answers by their field type and refuses NUL', () => {
    expect(errorsOf(schema, { fieldData: { text: 'x'.repeat(2001) } })).toEqual({
      'fieldData.text': 'Please use at most 2,000 characters.',
    });
    expect(v.safeParse(schema, { fieldData: { textarea: 'x'.repeat(20_000) } }).success).toBe(true);
    expect(errorsOf(schema, { fieldData: { textarea: 'a\u0000' } })).toEqual({
      'fieldData.textarea': messages.invalidCharacter,
    });
    expect(errorsOf(schema, { fieldData: { integer: 1e20 } })).toEqual({
      'fieldData.integer': messages.numberTooLarge(LIMITS.integer),
    });
  });
});
