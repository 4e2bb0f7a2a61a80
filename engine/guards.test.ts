import { describe, expect, it } from 'vitest';
import * as g from './guards.ts';
import { messages } from './messages.ts';

describe('deletion guards', () => {
  it.each([
    ['session', g.canDeleteSession({ bookings: 1 }), messages.sessionHasBookings],
    ['ticket', g.canDeleteTicket({ bookings: 1 }), messages.ticketHasBookings],
    ['add-on', g.canDeleteAddOn({ bookings: 1 }), messages.addOnHasBookings],
    [
      'activity group (booked)',
      g.canDeleteActivityGroup({ bookings: 1, waitlistEntries: 0 }),
      messages.activityGroupHasBookings,
    ],
    [
      'activity group (waitlisted)',
      g.canDeleteActivityGroup({ bookings: 0, waitlistEntries: 1 }),
      messages.activityGroupHasBookings,
    ],
    [
      'field option disable (tab)',
      g.canDisableFieldOption({ usedByHomeTabs: 1 }),
      messages.fieldOptionDisableUsedByTab,
    ],
    [
      'field option delete (tab)',
      g.canDeleteFieldOption({ usedByHomeTabs: 1, dataCount: 1 }),
      messages.fieldOptionDeleteUsedByTab,
    ],
    [
      'field option delete (data)',
      g.canDeleteFieldOption({ usedByHomeTabs: 0, dataCount: 1 }),
      messages.fieldOptionHasData,
    ],
    ['voucher provider', g.canDeleteVoucherProvider({ payments: 1 }), messages.voucherProviderUsed],
    [
      'connected account',
      g.canDisconnectAccount({ subscriptionPlans: 0, activeSubscriptions: 2 }),
      messages.connectedAccountUsedBySubscriptions,
    ],
    [
      'subscription ticket',
      g.canSaveTicket({ type: 'subscription', subscriptionPlan: null }),
      messages.selectSubscriptionPlan,
    ],
  ])('%s refused with the spec message', (_, result, message) => {
    expect(result).toEqual({ ok: false, message });
  });
  it('allows unused items', () => {
    expect(g.canDeleteSession({ bookings: 0 })).toEqual({ ok: true });
    expect(g.canDeleteFieldOption({ usedByHomeTabs: 0, dataCount: 0 })).toEqual({ ok: true });
    expect(g.canDeleteActivityGroup({ bookings: 0, waitlistEntries: 0 })).toEqual({ ok: true });
  });
});
