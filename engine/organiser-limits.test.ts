import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { canSetPlaceLimit, isOverCapacity, publishProblems } from './guards.ts';
import { messages } from './messages.ts';
import { createActivityGroupSchema } from './schemas/activity-group.ts';
import { cardRefundsAvailable, createCancellationRuleSchema } from './schemas/cancellation-rule.ts';

/*
 * The organiser's limits (issue 11, items 8–11): a place limit never silently below what is
 * sold, a published activity always bookable, a refund method offered only when it works.
 */

describe('isOverCapacity', () => {
  it('is over when more places are taken than the limit', () => {
    expect(isOverCapacity(9, 8)).toBe(true);
    expect(isOverCapacity(8, 8)).toBe(false);
    expect(isOverCapacity(100, null)).toBe(false);
  });
});

describe('canSetPlaceLimit', () => {
  it('refuses a new limit below the places sold, naming the sold count', () => {
    expect(canSetPlaceLimit({ placeLimit: 2, savedPlaceLimit: 10, sold: 4 })).toEqual({
      ok: false,
      message: messages.placeLimitBelowSold(4),
    });
    expect(messages.placeLimitBelowSold(4)).toBe(
      '4 places have already been sold for this session, so its place limit cannot be less than 4.',
    );
  });
  it('allows the sold count itself, no limit, and an unchanged limit of an overbooked session', () => {
    expect(canSetPlaceLimit({ placeLimit: 4, savedPlaceLimit: 10, sold: 4 }).ok).toBe(true);
    expect(canSetPlaceLimit({ placeLimit: null, savedPlaceLimit: 2, sold: 4 }).ok).toBe(true);
    expect(canSetPlaceLimit({ placeLimit: 8, savedPlaceLimit: 8, sold: 9 }).ok).toBe(true);
    expect(canSetPlaceLimit({ placeLimit: 3, savedPlaceLimit: null, sold: 4 }).ok).toBe(false);
  });
});

describe('publishing needs an enabled session and an enabled ticket', () => {
  const session = { date: '2026-03-02', startTime: '10:00', endTime: '11:00', placeLimit: '8' };
  const ticket = { type: 'all', name: 'Term', price: '80' };
  const parse = (form: Record<string, unknown>) =>
    v.safeParse(createActivityGroupSchema({ planLevel: 30 }), { name: 'Camp', ...form });
  const messagesAt = (result: ReturnType<typeof parse>, key: string) =>
    (result.issues ?? [])
      .filter((i) => i.path?.map((p) => p.key).join('.') === key)
      .map((i) => i.message);

  it('refuses a published group with no session, on the sessions', () => {
    const result = parse({ activities: [], tickets: [ticket] });
    expect(messagesAt(result, 'activities')).toEqual([messages.publishNeedsSession]);
  });
  it('refuses a published group whose only ticket is disabled, on the tickets', () => {
    const result = parse({ activities: [session], tickets: [{ ...ticket, enabled: false }] });
    expect(messagesAt(result, 'tickets')).toEqual([messages.publishNeedsTicket]);
  });
  it('publishes with one of each enabled, and keeps a draft with neither', () => {
    expect(parse({ activities: [session], tickets: [ticket] }).success).toBe(true);
    expect(parse({ enabled: false, activities: [], tickets: [] }).success).toBe(true);
    expect(publishProblems({ activities: [{}], tickets: [{ enabled: true }] })).toEqual([]);
  });
  it('refuses lowering a saved session limit below its sales, on that session', () => {
    const schema = createActivityGroupSchema({
      planLevel: 30,
      savedSessions: [{ _id: 's1', placeLimit: 10, sold: 4 }],
    });
    const result = v.safeParse(schema, {
      name: 'Camp',
      activities: [{ ...session, _id: 's1', placeLimit: '2' }],
      tickets: [ticket],
    });
    expect(
      (result.issues ?? [])
        .filter((i) => i.path?.map((p) => p.key).join('.') === 'activities.0.placeLimit')
        .map((i) => i.message),
    ).toEqual([messages.placeLimitBelowSold(4)]);
  });
});

describe('card refunds in a cancellation rule', () => {
  const rule = {
    sessionScope: 'allSessions',
    cancellationWindow: { amount: '48', unit: 'hours' },
    config: { percentageToRefund: '100', refundMethods: ['stripe'] },
  };
  it('are available only with card payments set up and an account that may charge', () => {
    expect(cardRefundsAvailable({ configured: true, connected: true, chargesEnabled: true })).toBe(
      true,
    );
    expect(cardRefundsAvailable({ configured: false, connected: true, chargesEnabled: true })).toBe(
      false,
    );
    expect(cardRefundsAvailable({ configured: true, connected: true, chargesEnabled: false })).toBe(
      false,
    );
  });
  it("refuses 'Refund to card' while card refunds are unavailable, with the help text's reason", () => {
    const refused = v.safeParse(
      createCancellationRuleSchema({ cardRefundsAvailable: false }),
      rule,
    );
    expect(refused.success).toBe(false);
    expect(refused.issues?.map((i) => i.message)).toEqual([messages.cardRefundUnavailable]);
    expect(
      v.safeParse(createCancellationRuleSchema({ cardRefundsAvailable: true }), rule).success,
    ).toBe(true);
  });
  it('still saves a rule refunding nothing, which carries no method', () => {
    const none = { ...rule, config: { percentageToRefund: '0', refundMethods: ['stripe'] } };
    expect(
      v.safeParse(createCancellationRuleSchema({ cardRefundsAvailable: false }), none).success,
    ).toBe(true);
  });
});
