import { messages } from './messages.ts';

/** The answer of a guard: allowed, or refused with the spec's message. */
export type Guard = { ok: true } | { ok: false; message: string };
const allow: Guard = { ok: true };
const refuse = (message: string): Guard => ({ ok: false, message });

/**
 * Which booking lines (places, items, add-ons) count as "bookings" for the delete guards: held
 * (a parent is paying now), confirmed, cancelled (money moved and the history must stay), and
 * absent (reported absent: still booked and paid for, docs/rules/make-ups.md).
 * An expired hold was never paid for, so it is not a booking: it does not block a delete, and
 * the delete removes it. The server's guard and the wizard's (through the sales scope
 * 'includingCancelled') both read this list, so they cannot disagree.
 */
export const BOOKED_LINE_STATUSES = ['held', 'confirmed', 'cancelled', 'absent'] as const;

/**
 * A session with bookings cannot be deleted (docs/rules/forms-and-messages.md); disable it instead.
 *
 * @example canDeleteSession({ bookings: 1 }) // { ok: false, message: 'Sorry, this session cannot be deleted …' }
 */
export const canDeleteSession = (usage: { bookings: number }): Guard =>
  usage.bookings > 0 ? refuse(messages.sessionHasBookings) : allow;

/**
 * A ticket with bookings cannot be deleted.
 *
 * @example canDeleteTicket({ bookings: 0 }) // { ok: true }
 */
export const canDeleteTicket = (usage: { bookings: number }): Guard =>
  usage.bookings > 0 ? refuse(messages.ticketHasBookings) : allow;

/**
 * An add-on with bookings cannot be deleted.
 *
 * @example canDeleteAddOn({ bookings: 2 }).ok // false
 */
export const canDeleteAddOn = (usage: { bookings: number }): Guard =>
  usage.bookings > 0 ? refuse(messages.addOnHasBookings) : allow;

/**
 * An activity group may be deleted only if nothing was ever booked on it: no booking line of any
 * status (an expired hold too: it is part of a family's history) and no waitlist entry. Archive
 * keeps such a group out of sight instead.
 *
 * @example canDeleteActivityGroup({ bookings: 0, waitlistEntries: 1 }).ok // false
 */
export const canDeleteActivityGroup = (usage: {
  bookings: number;
  waitlistEntries: number;
}): Guard =>
  usage.bookings > 0 || usage.waitlistEntries > 0
    ? refuse(messages.activityGroupHasBookings)
    : allow;

/**
 * A field option used by a home tab cannot be disabled.
 *
 * @example canDisableFieldOption({ usedByHomeTabs: 1 }).ok // false
 */
export const canDisableFieldOption = (usage: { usedByHomeTabs: number }): Guard =>
  usage.usedByHomeTabs > 0 ? refuse(messages.fieldOptionDisableUsedByTab) : allow;

/**
 * A field option cannot be deleted while a home tab uses it, or once data exists for it.
 *
 * @example canDeleteFieldOption({ usedByHomeTabs: 0, dataCount: 3 }).ok // false
 */
export const canDeleteFieldOption = (usage: {
  usedByHomeTabs: number;
  dataCount: number;
}): Guard =>
  usage.usedByHomeTabs > 0
    ? refuse(messages.fieldOptionDeleteUsedByTab)
    : usage.dataCount > 0
      ? refuse(messages.fieldOptionHasData)
      : allow;

/**
 * A childcare voucher provider used by a payment transaction cannot be deleted.
 *
 * @example canDeleteVoucherProvider({ payments: 1 }).ok // false
 */
export const canDeleteVoucherProvider = (usage: { payments: number }): Guard =>
  usage.payments > 0 ? refuse(messages.voucherProviderUsed) : allow;

/**
 * A connected account used for subscriptions cannot be disconnected.
 *
 * @example canDisconnectAccount({ subscriptionPlans: 1, activeSubscriptions: 0 }).ok // false
 */
export const canDisconnectAccount = (usage: {
  subscriptionPlans: number;
  activeSubscriptions: number;
}): Guard =>
  usage.subscriptionPlans > 0 || usage.activeSubscriptions > 0
    ? refuse(messages.connectedAccountUsedBySubscriptions)
    : allow;

/**
 * A subscription ticket cannot be saved without a plan (the server-side twin of the form rule).
 *
 * @example canSaveTicket({ type: 'subscription', subscriptionPlan: null }).ok // false
 */
export const canSaveTicket = (t: { type: string; subscriptionPlan: string | null }): Guard =>
  t.type === 'subscription' && !t.subscriptionPlan
    ? refuse(messages.selectSubscriptionPlan)
    : allow;

/**
 * A venue used by an activity group or a home tab cannot be deleted (ours: the spec is silent,
 * and deleting it would leave activities pointing nowhere).
 *
 * @example canDeleteVenue({ activityGroups: 1, homeTabs: 0 }).ok // false
 */
export const canDeleteVenue = (usage: { activityGroups: number; homeTabs: number }): Guard =>
  usage.activityGroups > 0 || usage.homeTabs > 0 ? refuse(messages.venueInUse) : allow;

/**
 * A custom field can be deleted only while no data exists for it, and never when the product
 * relies on it (first name, last name, date of birth: age ranges need it).
 *
 * @example canDeleteField({ dataCount: 0, internalKey: 'dateOfBirth' }).ok // false
 */
export const canDeleteField = (usage: { dataCount: number; internalKey: string | null }): Guard =>
  usage.internalKey
    ? refuse(messages.fieldIsBuiltIn)
    : usage.dataCount > 0
      ? refuse(messages.fieldHasData)
      : allow;

/**
 * A field's type is fixed once answers exist: old answers would no longer fit the new type.
 *
 * @example canChangeFieldType({ dataCount: 3 }).ok // false
 */
export const canChangeFieldType = (usage: { dataCount: number }): Guard =>
  usage.dataCount > 0 ? refuse(messages.fieldTypeLocked) : allow;

/**
 * A discount that has been redeemed cannot be deleted: bookings name it in their breakdowns.
 *
 * @example canDeleteDiscountRule({ timesUsed: 1 }).ok // false
 */
export const canDeleteDiscountRule = (usage: { timesUsed: number }): Guard =>
  usage.timesUsed > 0 ? refuse(messages.discountRuleUsed) : allow;

/**
 * Whether more places are taken than a session's place limit allows: an admin may book past a
 * limit on purpose, and every screen listing the session then marks it
 * (docs/rules/forms-and-messages.md warnings).
 *
 * @example isOverCapacity(9, 8) // true
 * @example isOverCapacity(9, null) // false: no limit
 */
export const isOverCapacity = (taken: number, placeLimit: number | null | undefined) =>
  placeLimit != null && taken > placeLimit;

/**
 * A session's place limit cannot be set below the places already sold: that would silently
 * leave the session over capacity. Only a new or lowered limit is checked, so a session an
 * admin knowingly overbooked (9 / 8) can still be saved unchanged.
 *
 * @example canSetPlaceLimit({ placeLimit: 2, savedPlaceLimit: 10, sold: 4 }) // { ok: false, message: '4 places have already been sold …' }
 */
export const canSetPlaceLimit = (s: {
  placeLimit: number | null | undefined;
  savedPlaceLimit: number | null | undefined;
  sold: number;
}): Guard =>
  s.placeLimit != null && s.placeLimit !== s.savedPlaceLimit && s.placeLimit < s.sold
    ? refuse(messages.placeLimitBelowSold(s.sold))
    : allow;

/**
 * A published activity needs at least one enabled session and one enabled ticket, or parents
 * would find it in the widget with nothing to book. A draft (unpublished) may have neither.
 *
 * @example publishProblems({ enabled: true, activities: [], tickets: [{ enabled: true }] }) // [{ path: 'activities', message: messages.publishNeedsSession }]
 */
export function publishProblems(group: {
  enabled?: boolean | null;
  activities: readonly { enabled?: boolean | null }[];
  tickets: readonly { enabled?: boolean | null }[];
}): { path: 'activities' | 'tickets'; message: string }[] {
  if (group.enabled === false) return [];
  const on = (i: { enabled?: boolean | null }) => i.enabled !== false;
  const out: { path: 'activities' | 'tickets'; message: string }[] = [];
  if (!group.activities.some(on))
    out.push({ path: 'activities', message: messages.publishNeedsSession });
  if (!group.tickets.some(on)) out.push({ path: 'tickets', message: messages.publishNeedsTicket });
  return out;
}
