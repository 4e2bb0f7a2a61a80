import { expect } from 'vitest';
import { connectStripe, type StripeTestContext } from '../payments/testing.ts';
import {
  basket,
  createCamp,
  createCancellationRule,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';

/*
 * The malformed-input sweep's starting points: for every write route, who calls it and one body
 * it accepts. The sweep breaks these one field at a time, so a refusal is tested where it
 * matters (one bad field in an otherwise good body), not only at the schema's front door.
 * A new route without a sample still gets the generic attacks and fails the sweep until it has one.
 */

export type Seed = Awaited<ReturnType<typeof seedSweep>>;

export interface Sample {
  as: 'admin' | 'customer' | 'anonymous';
  /** Replaces the route's `:param`s. */
  params?: Record<string, string>;
  body: (seed: Seed) => unknown;
}

/** An organiser on Premium with Stripe connected, a camp, a parent with a child, a held booking. */
export async function seedSweep(t: StripeTestContext) {
  const ctx = t.ctx;
  const org = await premiumOrganiser(ctx);
  await connectStripe(t, org.token, org.clientId);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  const ruleId = await createCancellationRule(ctx, org, {
    sessionScope: 'allSessions',
    percentageToRefund: '50',
  });
  const camp = await createCamp(ctx, org, { cancellationRules: [ruleId] });
  const parent = await parentWithChildren(ctx, org, ['Ada']);
  // Erased by the erase route's sample, so the parent above keeps its session for the others.
  const erasable = await parentWithChildren(ctx, org, ['Eve']);
  const child = parent.children[0]!;
  const admin = (method: string, path: string, body: unknown) =>
    ctx.request(method, path, { token: org.token, body });
  const created = async (path: string, body: unknown) => {
    const res = await admin('POST', path, body);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body.data._id as string;
  };
  const venueId = await created('/api/venues', venue);
  const fieldId = await created('/api/fields', field);
  const discountId = await created('/api/discount-rules', discount);
  const passId = await created('/api/session-passes', pass([camp._id]));
  const providerId = await created('/api/childcare-voucher-providers', provider);
  const accountId = await created('/api/childcare-funding-accounts', fundingAccount);
  const coachId = await created('/api/coaches', { ...coach, activityGroups: [camp._id] });
  const booked = await t.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      camp._id,
      { ticket: camp.day, attendees: [child], activities: [camp.sessions[0]!] },
      { paymentMethod: { type: 'card' } },
    ),
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const bookingId = booked.body.data._id as string;
  const booking = await ctx.request('GET', `/api/bookings/${bookingId}`, { token: parent.token });
  const placeId = booking.body.data.items?.[0]?.places?.[0]?._id ?? 'no-place';
  const joined = await ctx.request('POST', '/api/waitlists', {
    token: parent.token,
    body: { activityGroup: camp._id, attendee: child, activities: [camp.sessions[1]] },
  });
  const waitlistId = joined.body?.data?.[0]?._id ?? 'no-entry';
  const plan = await t.request('POST', '/api/stripe/subscription-plans', {
    token: org.token,
    body: { name: 'Monthly', amount: '30' },
  });
  const planId = plan.body?.data?._id ?? 'no-plan';
  const account = await ctx.handle.db
    .selectFrom('connected_accounts')
    .select(['account_id'])
    .where('client_id', '=', org.clientId)
    .executeTakeFirstOrThrow();
  return {
    org,
    parent,
    child,
    camp,
    firstSession: camp.sessions[0]!,
    ruleId,
    venueId,
    fieldId,
    discountId,
    passId,
    providerId,
    accountId,
    coachId,
    bookingId,
    placeId,
    waitlistId,
    planId,
    stripeAccountId: account.account_id,
    erasableCustomer: erasable.userId,
  };
}

const venue = {
  name: 'Village Hall',
  address: { address1: '1 High St', city: 'Leeds', postalCode: 'LS1 1AA' },
};
const field = { title: 'Medical notes', type: 'text', usage: 'attendee' };
const discount = {
  name: 'Spring',
  type: 'Code',
  code: 'SPRING5',
  codeUsage: 'AllActivities',
  unit: 'Percentage',
  percentage: '10',
  maximumDiscountAmount: '20',
};
const pass = (groups: string[]) => ({
  name: 'Ten sessions',
  activityGroups: groups,
  purchaseOptions: [
    { creditAmount: '10', price: '45.50', expiresAfter: { amount: '3', unit: 'months' } },
  ],
});
const provider = { name: 'Edenred', paymentInstructions: 'Pay to Classwise Ltd' };
const coach = { fullName: 'Jo Coach', email: 'jo.coach@club.test', password: 'whistle-and-cones' };
const fundingAccount = { name: 'Tax-Free Childcare', regReference: 'R123', postcode: 'LS1 1AA' };
const rule = {
  name: '48 hours',
  sessionScope: 'allSessions',
  cancellationWindow: { amount: '48', unit: 'hours' },
  config: { percentageToRefund: '50', fee: '1.50', refundMethods: ['accountCredit'] },
};
const group = (s: Seed, name = 'Swim club') => ({
  name,
  description: '<p>Lessons for all ages</p>',
  venue: s.venueId,
  ageRange: { min: { years: 4, months: 0 }, max: { years: 12, months: 6 } },
  cancellationRules: [s.ruleId],
  activities: [
    { _id: 'temp_a', date: '2031-08-01', startTime: '09:00', endTime: '10:00', placeLimit: '12' },
  ],
  tickets: [{ _id: 'temp_t', type: 'single', name: 'Session', price: '12.50', placeLimit: '10' }],
  addOns: [{ _id: 'temp_x', name: 'Towel', price: '2' }],
});
const attendee = (s: Seed) => ({
  fieldData: [
    { field: s.org.fieldIds.firstName, value: 'Bea' },
    { field: s.org.fieldIds.lastName, value: 'Lovelace' },
    { field: s.org.fieldIds.dateOfBirth, value: '2019-05-04' },
  ],
});
const customerBasket = (s: Seed) =>
  basket(
    s.camp._id,
    { ticket: s.camp.week, attendees: [s.child] },
    { discountCode: null, paymentMethod: { type: 'payLater' } },
  );

/** Keyed by `METHOD path` exactly as Hono's route table spells them. */
export const samples: Record<string, Sample> = {
  'POST /api/organisers': {
    as: 'anonymous',
    body: () => ({
      organisationName: 'Sweep Club',
      fullName: 'Sam Sweep',
      email: 'sweep-owner@club.test',
      password: 'correct horse',
      country: 'GB',
      currency: 'GBP',
      timeZone: 'Europe/London',
    }),
  },
  'POST /api/auth/register': {
    as: 'anonymous',
    body: () => ({
      fullName: 'Pat Sweep',
      email: 'sweep-parent@home.test',
      password: 'parent-pass',
      confirmPassword: 'parent-pass',
    }),
  },
  'POST /api/auth/login': {
    as: 'anonymous',
    body: () => ({ email: 'nobody@home.test', password: 'wrong-pass' }),
  },
  'POST /api/auth/logout': { as: 'customer', body: () => ({}) },
  'POST /api/messages/resend-confirmation': {
    as: 'admin',
    body: (seed) => ({ bookingId: seed.bookingId }),
  },
  'POST /api/messages/bounces/clear': { as: 'admin', body: () => ({ email: 'nobody@home.test' }) },
  'PUT /api/client/logo': { as: 'admin', body: () => ({ fileId: null }) },
  'PUT /api/messages/my-notifications': {
    as: 'admin',
    body: () => ({
      newBooking: true,
      cancellation: false,
      paymentFailed: true,
      dailyDigest: false,
    }),
  },
  'POST /account/reset-password': {
    as: 'anonymous',
    body: () => ({
      token: 'not-a-sent-token',
      password: 'new-pass-1',
      confirmPassword: 'new-pass-1',
    }),
  },
  // The one-click POST of a reminder's List-Unsubscribe link (RFC 8058); its token is in the URL.
  'POST /account/unsubscribe': {
    as: 'anonymous',
    body: () => ({ 'List-Unsubscribe': 'One-Click' }),
  },
  'POST /api/auth/forgot-password': {
    as: 'anonymous',
    body: () => ({ email: 'nobody@home.test' }),
  },
  'POST /api/auth/reset-password': {
    as: 'anonymous',
    body: () => ({
      token: 'not-a-sent-token',
      password: 'new-pass-1',
      confirmPassword: 'new-pass-1',
    }),
  },
  'PUT /api/client': {
    as: 'admin',
    body: () => ({
      name: 'Sweep Club',
      country: 'GB',
      currency: 'GBP',
      timeZone: 'Europe/London',
      dateFormat: 'dd/MM/yyyy',
      holdMinutes: 15,
      allowPayLater: true,
      formTemplate: 'Default',
      buttonDisplay: 'align right',
      termsUrl: 'https://club.example/terms',
      privacyUrl: 'https://club.example/privacy',
    }),
  },
  'POST /api/fields': { as: 'admin', body: () => ({ ...field, title: 'Allergies' }) },
  'PUT /api/fields/:id': { as: 'admin', params: { id: 'fieldId' }, body: () => field },
  'POST /api/activity-groups': { as: 'admin', body: (s) => group(s) },
  'PUT /api/activity-groups/:id': {
    as: 'admin',
    params: { id: 'camp' },
    body: (s) => group(s, 'Summer Camp'),
  },
  'POST /api/activity-groups/:id/duplicate': {
    as: 'admin',
    params: { id: 'camp' },
    body: () => ({ startDate: '2031-01-31', name: 'Summer Camp 2031' }),
  },
  'POST /api/activity-groups/:id/archive': {
    as: 'admin',
    params: { id: 'camp' },
    body: () => ({}),
  },
  'POST /api/activity-groups/:id/unarchive': {
    as: 'admin',
    params: { id: 'camp' },
    body: () => ({}),
  },
  'POST /api/venues': { as: 'admin', body: () => ({ ...venue, name: 'Sports Centre' }) },
  'PUT /api/venues/:id': { as: 'admin', params: { id: 'venueId' }, body: () => venue },
  'POST /api/coaches': {
    as: 'admin',
    body: (s) => ({ ...coach, email: 'sam.coach@club.test', activityGroups: [s.camp._id] }),
  },
  'PUT /api/coaches/:id': {
    as: 'admin',
    params: { id: 'coachId' },
    body: (s) => ({ ...coach, password: '', activityGroups: [s.camp._id] }),
  },
  'POST /api/home-tabs': {
    as: 'admin',
    body: (s) => ({ name: 'Swimming', path: 'swimming', type: 'venue', value: [s.venueId] }),
  },
  'PUT /api/home-tabs/:id': {
    as: 'admin',
    params: { id: 'no-tab' },
    body: (s) => ({ name: 'Swimming', path: 'swim', type: 'venue', value: [s.venueId] }),
  },
  'POST /api/discount-rules': { as: 'admin', body: () => ({ ...discount, code: 'SUMMER10' }) },
  'PUT /api/discount-rules/:id': {
    as: 'admin',
    params: { id: 'discountId' },
    body: () => discount,
  },
  'POST /api/session-passes': { as: 'admin', body: () => ({ ...pass([]), name: 'Five' }) },
  'PUT /api/session-passes/:id': {
    as: 'admin',
    params: { id: 'passId' },
    body: (s) => pass([s.camp._id]),
  },
  'POST /api/session-passes/:id/credits': {
    as: 'admin',
    params: { id: 'passId' },
    body: (s) => ({ userId: s.parent.userId, credits: '5', expiresAt: null }),
  },
  'POST /api/cancellation-rules': { as: 'admin', body: () => rule },
  'PUT /api/cancellation-rules/:id': { as: 'admin', params: { id: 'ruleId' }, body: () => rule },
  'POST /api/user/attendees': { as: 'customer', body: attendee },
  // Households and link sign-in (docs/rules/households.md).
  'POST /api/user/household/invites': { as: 'customer', body: () => ({ email: 'gran@home.test' }) },
  'POST /api/auth/sign-in-link': { as: 'anonymous', body: () => ({ email: 'nobody@home.test' }) },
  'POST /api/auth/sign-in-link/redeem': {
    as: 'anonymous',
    body: () => ({ token: 'not-a-sent-token' }),
  },
  'POST /api/auth/household-invite': {
    as: 'anonymous',
    body: () => ({ token: 'not-a-sent-token' }),
  },
  'POST /api/auth/household-invite/accept': {
    as: 'anonymous',
    body: () => ({
      token: 'not-a-sent-token',
      fullName: 'Gran Sweep',
      password: 'gran-pass-1',
      confirmPassword: 'gran-pass-1',
    }),
  },
  'PUT /api/user/attendees/:id': { as: 'customer', params: { id: 'child' }, body: attendee },
  // The account area (docs/rules/account.md): the parent's own details and password.
  'PUT /api/users/me': {
    as: 'customer',
    body: () => ({ fullName: 'Pat Sweep', fieldData: [] }),
  },
  'POST /api/users/me/password': {
    as: 'customer',
    body: () => ({
      currentPassword: 'parent-pass',
      password: 'sweep-new-pass',
      confirmPassword: 'sweep-new-pass',
    }),
  },
  'POST /api/attendees': {
    as: 'admin',
    body: (s) => ({ userId: s.parent.userId, ...attendee(s) }),
  },
  'PUT /api/attendees/:id': { as: 'admin', params: { id: 'child' }, body: attendee },
  'POST /api/waitlists': {
    as: 'customer',
    body: (s) => ({
      activityGroup: s.camp._id,
      attendee: s.child,
      activities: [s.camp.sessions[2]],
    }),
  },
  'PUT /api/make-ups/rule': {
    as: 'admin',
    body: () => ({
      enabled: true,
      noticeHours: 24,
      perTerm: 2,
      expiryDays: 60,
      spendOn: 'same',
      activityGroupIds: [],
    }),
  },
  'POST /api/make-ups/absence-quote': { as: 'customer', body: (s) => ({ place: s.placeId }) },
  'POST /api/make-ups/absences': { as: 'customer', body: (s) => ({ place: s.placeId }) },
  'POST /api/make-ups/bookings': {
    as: 'customer',
    body: (s) => ({ credit: s.placeId, session: s.firstSession }),
  },
  // Brothers and sisters together, and the organiser's offer of free places (docs/rules/family.md).
  'POST /api/waitlists/family': {
    as: 'customer',
    body: (s) => ({ activityGroup: s.camp._id, attendees: [s.child], activities: [] }),
  },
  'POST /api/waitlists/offer-places': {
    as: 'admin',
    body: (s) => ({ activityGroup: s.camp._id, activity: s.camp.sessions[2], offerHours: 24 }),
  },
  // Term rollover (docs/rules/re-enrolment.md); an unknown token is refused like a used one.
  'POST /api/re-enrolments': {
    as: 'admin',
    body: (s) => ({
      activityGroup: s.camp._id,
      startDate: '2031-09-06',
      name: 'Sweep camp, next term',
      windowDays: 7,
    }),
  },
  'POST /api/re-enrolments/batch': {
    as: 'admin',
    body: (s) => ({
      windowDays: 7,
      activities: [
        { activityGroup: s.camp._id, startDate: '2031-09-06', name: 'Sweep camp, batch' },
      ],
    }),
  },
  'POST /api/re-enrolments/offers/:token/accept': {
    as: 'anonymous',
    params: { token: 'not-a-sent-token' },
    body: () => ({ paymentMethod: { type: 'payLater' } }),
  },
  'POST /api/re-enrolments/offers/:token/decline': {
    as: 'anonymous',
    params: { token: 'not-a-sent-token' },
    body: () => ({}),
  },
  'PUT /api/waitlists/:id/status': {
    as: 'admin',
    params: { id: 'waitlistId' },
    body: () => ({ status: 'Ready', offerHours: 24 }),
  },
  'POST /api/waitlists/:id/cancel': {
    as: 'customer',
    params: { id: 'waitlistId' },
    body: () => ({}),
  },
  'POST /api/bookings/quote': { as: 'customer', body: customerBasket },
  'POST /api/bookings': { as: 'customer', body: customerBasket },
  'POST /api/bookings/holds': { as: 'customer', body: customerBasket },
  'POST /api/bookings/:id/place': {
    as: 'customer',
    params: { id: 'bookingId' },
    body: () => ({ paymentMethod: { type: 'payLater' } }),
  },
  'POST /api/bookings/admin/quote': {
    as: 'admin',
    body: (s) => ({ user: s.parent.userId, ...customerBasket(s) }),
  },
  'POST /api/bookings/admin': {
    as: 'admin',
    body: (s) => ({
      user: s.parent.userId,
      ...customerBasket(s),
      paymentMethod: { type: 'payLater' },
    }),
  },
  'POST /api/customers/:id/erase': {
    as: 'admin',
    params: { id: 'erasableCustomer' },
    body: () => ({ confirm: true }),
  },
  'POST /api/bookings/:id/mark-paid': {
    as: 'admin',
    params: { id: 'bookingId' },
    body: () => ({}),
  },
  'POST /api/bookings/admin/customers': {
    as: 'admin',
    body: () => ({ fullName: 'Dana Hill', email: 'dana.sweep@home.test', fieldData: [] }),
  },
  'POST /api/bookings/:id/refund': {
    as: 'admin',
    params: { id: 'bookingId' },
    body: () => ({ amount: 100, method: 'accountCredit', reason: 'Session cut short' }),
  },
  'POST /api/bookings/:id/cancel-quote': {
    as: 'customer',
    params: { id: 'bookingId' },
    body: (s) => ({ places: [s.placeId], refundMethod: null }),
  },
  'POST /api/bookings/:id/cancel': {
    as: 'customer',
    params: { id: 'bookingId' },
    body: (s) => ({ places: [s.placeId], refundMethod: null }),
  },
  'POST /api/registers/:sessionId/marks': {
    as: 'admin',
    params: { sessionId: 'firstSession' },
    body: (s) => ({
      _id: 'mark_sweep_0001',
      attendee: s.child,
      kind: 'present',
      at: new Date().toISOString(),
      collectedBy: null,
    }),
  },
  'POST /api/stripe/update-connected-account-status': {
    as: 'admin',
    body: (s) => ({ accountId: s.stripeAccountId, paymentMethodId: 'card', connected: true }),
  },
  'PUT /api/stripe/payment-method-configurations': {
    as: 'admin',
    body: () => ({ paymentMethodConfigId: 'pmc_sweep', paymentMethod: 'card', enabled: true }),
  },
  'POST /api/stripe/bookings/:bookingId/payment-intent': {
    as: 'customer',
    params: { bookingId: 'bookingId' },
    body: () => ({}),
  },
  'POST /api/stripe/subscription-plans': {
    as: 'admin',
    body: () => ({ name: 'Weekly', amount: '10' }),
  },
  'PUT /api/stripe/subscription-plans/:id': {
    as: 'admin',
    params: { id: 'planId' },
    body: () => ({ name: 'Monthly', amount: '35' }),
  },
  'POST /api/stripe/webhook': { as: 'anonymous', body: () => ({ type: 'ping', data: {} }) },
  'POST /api/childcare-voucher-providers': {
    as: 'admin',
    body: () => ({ ...provider, name: 'Sodexo' }),
  },
  'PUT /api/childcare-voucher-providers/:id': {
    as: 'admin',
    params: { id: 'providerId' },
    body: () => provider,
  },
  'POST /api/childcare-funding-accounts': {
    as: 'admin',
    body: () => ({ ...fundingAccount, name: 'Second account', regReference: 'R999' }),
  },
  'PUT /api/childcare-funding-accounts/:id': {
    as: 'admin',
    params: { id: 'accountId' },
    body: () => fundingAccount,
  },
};

/** Multipart upload routes: their bodies are files, covered by their own tests and limits. */
export const multipartRoutes = new Set([
  'POST /api/file-uploads/attachment',
  'POST /api/file-uploads/file-upload-image',
  'POST /api/file-uploads/file-upload-document',
  'POST /api/file-uploads/:fieldName',
]);
