import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { fieldErrors } from './common.ts';
import {
  createTicketSchema,
  ticketAdvancedOptionsOpen,
  ticketSchema,
  ticketVisibleFields,
} from './ticket.ts';

const errors = (input: unknown, schema = ticketSchema) =>
  fieldErrors(v.safeParse(schema, input).issues);

describe('ticket form', () => {
  it.each([
    [{}, { type: messages.required, name: messages.required, price: messages.required }],
    [{ type: 'all', name: 'Term', price: '-0.01' }, { price: messages.priceNegative }],
    [
      { type: 'all', name: 'Term', price: 10, placeLimit: '0' },
      { placeLimit: messages.ticketLimitMin },
    ],
    [
      { type: 'all', name: 'Term', price: 10, restrictSessions: true, sessionsCanBeUsedFor: [] },
      { sessionsCanBeUsedFor: messages.ticketRestrictSessions },
    ],
    [
      { type: 'subscription', name: 'Monthly', price: 30 },
      { subscriptionPlan: messages.subscriptionPlanRequired },
    ],
    [
      {
        type: 'subscription',
        name: 'M',
        price: 30,
        subscriptionPlan: 'p1',
        allowMidMonthBookings: true,
      },
      { coverFeePerSession: messages.required },
    ],
    [
      {
        type: 'subscription',
        name: 'M',
        price: 30,
        subscriptionPlan: 'p1',
        allowMidMonthBookings: true,
        coverFeePerSession: -2,
      },
      { coverFeePerSession: messages.feeNegative },
    ],
    [
      {
        type: 'single',
        name: 'Drop-in',
        price: 8,
        overrideTimeDisplay: true,
        timeDisplay: { start: { hours: 15, minutes: 30 } },
      },
      { 'timeDisplay.end': messages.required },
    ],
  ])('%j → %j', (input, expected) => {
    expect(errors(input)).toEqual(expected);
  });

  it('refuses a plan used by another ticket and locks type and plan once saved', () => {
    const used = createTicketSchema({ usedSubscriptionPlanIds: ['p1'] });
    expect(
      errors({ type: 'subscription', name: 'M', price: 30, subscriptionPlan: 'p1' }, used),
    ).toEqual({
      subscriptionPlan: messages.subscriptionPlanUsed,
    });
    const saved = createTicketSchema({ saved: { type: 'subscription', subscriptionPlan: 'p1' } });
    expect(errors({ type: 'all', name: 'M', price: 30 }, saved)).toEqual({
      type: messages.ticketTypeLocked,
    });
    expect(
      errors({ type: 'subscription', name: 'M', price: 30, subscriptionPlan: 'p2' }, saved),
    ).toEqual({
      subscriptionPlan: messages.subscriptionPlanLocked,
    });
  });

  it('rejects unknown keys', () => {
    expect(
      v.safeParse(ticketSchema, { type: 'all', name: 'T', price: 1, colour: 'red' }).success,
    ).toBe(false);
  });

  it('outputs minor units and drops fields hidden for the type', () => {
    const out = v.parse(ticketSchema, {
      type: 'single',
      name: ' Drop-in ',
      price: '2.675',
      shouldProRata: true,
      overrideTimeDisplay: true,
      timeDisplay: { start: { hours: 15, minutes: 30 }, end: { hours: 16, minutes: 0 } },
    });
    expect(out).toMatchObject({
      name: 'Drop-in',
      price: 268,
      shouldProRata: false,
      timeDisplay: { start: '15:30', end: '16:00' },
      enabled: true,
    });
  });

  it('shows fields per type', () => {
    expect(ticketVisibleFields({ type: 'all' })).toMatchObject({
      shouldProRata: true,
      subscriptionPlan: false,
    });
    expect(ticketVisibleFields({ type: 'subscription' })).toMatchObject({
      subscriptionPlan: true,
      coverFeePerSession: false,
    });
    expect(ticketVisibleFields({ type: 'single', overrideTimeDisplay: true })).toMatchObject({
      timeDisplay: true,
    });
    expect(ticketAdvancedOptionsOpen({})).toBe(false);
    expect(ticketAdvancedOptionsOpen({ restrictSessions: true })).toBe(true);
  });
});
