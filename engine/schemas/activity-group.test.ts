import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  activityGroupFormValues,
  createActivityGroupSchema,
  type SavedActivityGroup,
  ticketTiming,
} from './activity-group.ts';
import type { FieldDefinition } from './attendee.ts';
import { fieldErrors } from './common.ts';

const premium = createActivityGroupSchema({ planLevel: 20 });
const base = {
  name: 'Junior Football',
  activities: [{ _id: 'temp_1', date: '2027-01-09', startTime: '10:00', endTime: '11:00' }],
  tickets: [{ _id: 'temp_t', type: 'all', name: 'Term', price: '80', shouldProRata: true }],
  addOns: [{ _id: 'temp_a', name: 'Kit hire', price: '5' }],
};
const errorsOf = (schema: ReturnType<typeof createActivityGroupSchema>, input: unknown) =>
  fieldErrors(v.safeParse(schema, input).issues);

describe('activity group schema', () => {
  it('turns the form into stored values: minor units, months, defaults', () => {
    const out = v.parse(premium, {
      ...base,
      ageRange: { min: { years: 6, months: 0 }, max: { years: 9, months: 11 } },
    });
    expect(out.tickets[0]).toMatchObject({ price: 8000, shouldProRata: true });
    expect(out.addOns[0]).toMatchObject({ price: 500 });
    expect(out.ageRange).toEqual({ minMonths: 72, maxMonths: 119 });
    expect(out.enabled).toBe(true);
  });

  it("reports each item's own messages at its path", () => {
    const errors = errorsOf(premium, {
      ...base,
      name: ' ',
      tickets: [{ type: 'single', name: 'Drop-in', price: '-1' }],
      activities: [{ date: '2027-01-09', startTime: '10:00', endTime: '11:00', placeLimit: '0' }],
    });
    expect(errors).toMatchObject({
      name: 'Required',
      'tickets.0.price': 'Price cannot be negative',
      'activities.0.placeLimit': 'If specifying a place limit it must be at least 1',
    });
  });

  it('gates waitlists to Premium and add-ons to Standard and above', () => {
    const starter = createActivityGroupSchema({ planLevel: 0 });
    const standard = createActivityGroupSchema({ planLevel: 10 });
    expect(errorsOf(starter, base).addOns).toBe('Feature not available');
    expect(errorsOf(standard, base).addOns).toBeUndefined();
    expect(errorsOf(standard, { ...base, waitlistType: 'AllSessions' }).waitlistType).toBe(
      'Upgrade to Premium',
    );
    expect(
      errorsOf(premium, { ...base, waitlistType: 'AllSessions' }).waitlistType,
    ).toBeUndefined();
  });

  it('after a downgrade, keeps the saved waitlist and add-ons but refuses new or changed ones', () => {
    const downgraded = createActivityGroupSchema({
      planLevel: 0,
      savedWaitlistType: 'AllSessions',
      savedAddOnIds: ['a1'],
    });
    const saved = {
      ...base,
      waitlistType: 'AllSessions',
      addOns: [{ _id: 'a1', name: 'Kit hire', price: '6' }],
    };
    expect(errorsOf(downgraded, saved)).toEqual({});
    expect(errorsOf(downgraded, { ...saved, waitlistType: null })).toEqual({});
    expect(errorsOf(downgraded, { ...saved, waitlistType: 'SingleSession' }).waitlistType).toBe(
      'Upgrade to Premium',
    );
    expect(
      errorsOf(downgraded, { ...saved, addOns: [...saved.addOns, base.addOns[0]] }).addOns,
    ).toBe('Feature not available');
    // An id that is not one of the saved add-ons is a new one too.
    expect(
      errorsOf(downgraded, { ...saved, addOns: [{ ...saved.addOns[0], _id: 'a2' }] }).addOns,
    ).toBe('Feature not available');
  });

  it("refuses a plan another group's ticket uses, unless a saved ticket keeps it", () => {
    const schema = createActivityGroupSchema({
      planLevel: 20,
      usedSubscriptionPlanIds: ['p1'],
      savedTickets: [{ _id: 't1', type: 'subscription', subscriptionPlan: 'p1' }],
    });
    const monthly = { type: 'subscription', name: 'Monthly', price: '30', subscriptionPlan: 'p1' };
    expect(errorsOf(schema, { ...base, tickets: [monthly] })['tickets.0.subscriptionPlan']).toBe(
      'This subscription plan has already been used by another ticket. Please select another one.',
    );
    expect(errorsOf(schema, { ...base, tickets: [{ ...monthly, _id: 't1' }] })).toEqual({});
  });

  it('refuses restrictions to sessions outside the group and a plan used twice', () => {
    const errors = errorsOf(premium, {
      ...base,
      tickets: [
        {
          type: 'single',
          name: 'A',
          price: '1',
          restrictSessions: true,
          sessionsCanBeUsedFor: ['elsewhere'],
        },
        { type: 'subscription', name: 'B', price: '30', subscriptionPlan: 'plan1' },
        { type: 'subscription', name: 'C', price: '30', subscriptionPlan: 'plan1' },
      ],
    });
    expect(errors['tickets.0.sessionsCanBeUsedFor']).toBe(
      'Please choose sessions of this activity.',
    );
    expect(errors['tickets.2.subscriptionPlan']).toBe(
      'This subscription plan has already been used by another ticket. Please select another one.',
    );
  });

  it('keeps a saved ticket’s type and plan', () => {
    const schema = createActivityGroupSchema({
      planLevel: 20,
      savedTickets: [{ _id: 't1', type: 'subscription', subscriptionPlan: 'p1' }],
    });
    const errors = errorsOf(schema, {
      ...base,
      tickets: [
        { _id: 't1', type: 'subscription', name: 'Monthly', price: '30', subscriptionPlan: 'p2' },
      ],
    });
    expect(errors['tickets.0.subscriptionPlan']).toBe(
      'The subscription plan cannot be changed on a saved ticket.',
    );
    const typeChanged = errorsOf(schema, {
      ...base,
      tickets: [{ _id: 't1', type: 'all', name: 'Monthly', price: '30' }],
    });
    expect(typeChanged['tickets.0.type']).toBe(
      'The ticket type cannot be changed once the ticket has been saved.',
    );
  });

  it('refuses a minimum age above the maximum', () => {
    const errors = errorsOf(premium, {
      ...base,
      ageRange: { min: { years: 9, months: 0 }, max: { years: 6, months: 0 } },
    });
    expect(errors['ageRange.max']).toBe('The minimum age cannot be above the maximum age.');
  });

  it('round-trips a saved group: its form values save it unchanged, currency answers included', () => {
    const fee: FieldDefinition = {
      _id: 'f1',
      title: 'Deposit',
      type: 'currency',
      required: false,
      adminOnly: false,
      enabled: true,
    };
    const schema = createActivityGroupSchema({ planLevel: 20, fields: [fee] });
    const stored = v.parse(schema, { ...base, fieldData: { f1: '12.50' } });
    expect(stored.fieldData).toEqual({ f1: 1250 });
    const saved: SavedActivityGroup = {
      ...stored,
      venue: null,
      activities: stored.activities.map((s, i) => ({ ...s, _id: `s${i}` })),
      tickets: stored.tickets.map((t, i) => ({ ...t, _id: `t${i}`, timeDisplay: null })),
      addOns: stored.addOns.map((a, i) => ({ ...a, _id: `a${i}` })),
    };
    const values = activityGroupFormValues(saved, [fee]);
    expect(values.fieldData).toEqual({ f1: '12.5' });
    expect(v.parse(schema, values).fieldData).toEqual({ f1: 1250 });
  });
});

describe('ticketTiming', () => {
  const day = (date: string, enabled = true) => ({
    _id: date,
    date,
    startTime: '10:00',
    endTime: '11:00',
    enabled,
  });
  const sessions = [
    day('2030-01-05'),
    day('2030-01-12'),
    day('2030-01-19'),
    day('2030-01-26'),
    day('2030-02-02'),
    day('2030-02-09', false),
  ];
  const term = {
    type: 'all',
    price: 20000,
    shouldProRata: true,
    restrictSessions: false,
    sessionsCanBeUsedFor: [],
  };

  it('prices a pro-rata ticket on the sessions left (help tour: 200 for 5 is 160 for 4)', () => {
    // The first session started at 10:00; disabled sessions count neither way.
    expect(ticketTiming(term, sessions, { date: '2030-01-05', time: '10:30' })).toEqual({
      proRataPrice: 16000,
      haveSessionsPast: true,
      remainingSessionsCount: 4,
    });
    expect(ticketTiming(term, sessions, { date: '2030-01-05', time: '09:59' })).toEqual({
      proRataPrice: 20000,
      haveSessionsPast: false,
      remainingSessionsCount: 5,
    });
    expect(ticketTiming(term, sessions, { date: '2031-01-01', time: '00:00' })).toEqual({
      proRataPrice: null,
      haveSessionsPast: true,
      remainingSessionsCount: 0,
    });
  });

  it('has no pro-rata price for other tickets, and counts only the sessions a ticket is for', () => {
    const dropIn = {
      ...term,
      type: 'single',
      restrictSessions: true,
      sessionsCanBeUsedFor: ['2030-01-26', '2030-02-02'],
    };
    expect(ticketTiming(dropIn, sessions, { date: '2030-01-20', time: '12:00' })).toEqual({
      proRataPrice: null,
      haveSessionsPast: false,
      remainingSessionsCount: 2,
    });
    expect(
      ticketTiming({ ...term, shouldProRata: false }, sessions, {
        date: '2030-01-20',
        time: '12:00',
      }).proRataPrice,
    ).toBeNull();
  });
});
