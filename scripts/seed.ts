import { PostgresAdapter } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../api/db/connection.ts';
import { saveActivityGroup } from '../api/services/activity-group-write.ts';
import { createAttendee } from '../api/services/attendees.ts';
import { registerCustomer } from '../api/services/auth.ts';
import { markBookingPaid } from '../api/services/bookings/admin.ts';
import { createBooking } from '../api/services/bookings/create.ts';
import { createCancellationRule } from '../api/services/cancellation-rules.ts';
import { createChildcareVoucherProvider } from '../api/services/childcare.ts';
import { createCoach } from '../api/services/coaches.ts';
import { saveDiscountRule } from '../api/services/discount-rules.ts';
import { saveField } from '../api/services/field-write.ts';
import { listFields } from '../api/services/fields.ts';
import { saveHomeTab } from '../api/services/home-tabs.ts';
import { saveMakeUpRule } from '../api/services/make-ups.ts';
import { createOrganiser } from '../api/services/organisers.ts';
import { createSubscriptionPlan } from '../api/services/subscription-plans.ts';
import { createVenue } from '../api/services/venues.ts';
import {
  basketSchema,
  coachSchema,
  createActivityGroupSchema,
  createCancellationRuleSchema,
  createDiscountRuleSchema,
  createHomeTabSchema,
  customFieldSchema,
  type FieldDefinition,
  PLAN_LEVELS,
  suggestTabPath,
} from '../engine/index.ts';

export const DEMO = {
  organisationName: 'Demo Sports Club',
  admin: { email: 'admin@example.com', password: 'classwise-admin', fullName: 'Alex Admin' },
  parent: { email: 'parent@example.com', password: 'classwise-parent', fullName: 'Sam Parent' },
  coach: { email: 'coach@example.com', password: 'classwise-coach', fullName: 'Casey Coach' },
  premiumPlanLevel: PLAN_LEVELS.Premium,
} as const;

/** Date arithmetic on yyyy-MM-dd strings (calendar days, no time zone involved). */
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
const nextWeekday = (from: string, day: number) =>
  addDays(from, (day - weekday(from) + 7) % 7 || 7);

function weekly(first: string, count: number, start: string, end: string, placeLimit: number) {
  return Array.from({ length: count }, (_, i) => ({
    _id: `temp_${first}_${i}`,
    date: addDays(first, 7 * i),
    startTime: start,
    endTime: end,
    placeLimit,
  }));
}

export async function findDemoClientId(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .select('clients.id')
    .where('users.role', '=', 'admin')
    .where('users.email', '=', DEMO.admin.email)
    .where('clients.name', '=', DEMO.organisationName)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Seeds the demo organiser through the same services the API uses. Idempotent: a database that
 * already has the demo club is left as it is. Dates are relative to `today` so the demo always
 * has upcoming sessions.
 */
export async function seedDemo(db: Db, today = new Date().toISOString().slice(0, 10)) {
  const existing = await findDemoClientId(db);
  if (existing) return { clientId: existing, created: false };

  const { clientId } = await createOrganiser(
    db,
    {
      organisationName: DEMO.organisationName,
      fullName: DEMO.admin.fullName,
      email: DEMO.admin.email,
      password: DEMO.admin.password,
      country: 'GB',
      currency: 'GBP',
      timeZone: 'Europe/London',
    },
    { planLevel: DEMO.premiumPlanLevel, dateFormat: 'dd/MM/yyyy' },
  );

  const createField = (form: v.InferInput<typeof customFieldSchema>) =>
    saveField(db, clientId, null, v.parse(customFieldSchema, form));

  const riverside = await createVenue(db, clientId, {
    name: 'Riverside Sports Centre',
    address: { address1: '12 Riverside Walk', city: 'Bristol', postalCode: 'BS1 4RW' },
  });
  const northfield = await createVenue(db, clientId, {
    name: 'Northfield Primary School',
    address: { address1: 'Northfield Road', city: 'Bristol', postalCode: 'BS7 9NF' },
  });

  await createField({
    usage: 'attendee',
    title: 'Medical notes',
    type: 'textarea',
    helpText: 'Allergies, conditions or medication our coaches should know about.',
    safeguarding: true,
  });
  await createField({
    usage: 'attendee',
    title: 'Photo consent',
    type: 'checkboxSingle',
    helpText: 'We may use photos of sessions on our website and social media.',
    safeguarding: true,
  });
  await createField({
    usage: 'attendee',
    title: 'Coach notes',
    type: 'textarea',
    adminOnly: true,
  });
  const sportFieldId = await createField({
    usage: 'activity',
    title: 'Sport',
    type: 'selectList',
    fieldOptions: [{ name: 'Football' }, { name: 'Swimming' }, { name: 'Multi-sports' }],
    useForAdminFiltering: true,
  });

  const activityFields = await listFields(db, clientId, {
    usage: 'activity',
    includeDisabled: false,
    includeAdminOnly: true,
  });
  const sport = (name: string) => ({
    [sportFieldId]: activityFields
      .find((f) => f._id === sportFieldId)!
      .fieldOptions.find((o) => o.name === name)!._id,
  });

  // Groups go through the wizard's own schema (major units in), exactly as the dashboard saves.
  const groupSchema = createActivityGroupSchema({
    planLevel: DEMO.premiumPlanLevel,
    fields: activityFields as FieldDefinition[],
  });
  const createActivityGroup = (db: Db, clientId: string, form: v.InferInput<typeof groupSchema>) =>
    saveActivityGroup(db, clientId, null, v.parse(groupSchema, form));

  const saturday = nextWeekday(today, 6);
  const football = await createActivityGroup(db, clientId, {
    name: 'Junior Football – Spring Term',
    fieldData: sport('Football'),
    description:
      '<p>Fun, skills-based football for ages 6 to 9, run by FA-qualified coaches. Bring shin pads and a water bottle.</p>',
    venue: riverside,
    ageRange: { min: { years: 6, months: 0 }, max: { years: 9, months: 11 } },
    // School years too, so the demo listing shows its "School year" filter (Year 3 finds it).
    schoolYears: { min: 1, max: 5 },
    waitlistType: 'AllSessions',
    // The last Saturday is a small end-of-term tournament: 4 places, booked out below.
    activities: weekly(saturday, 10, '10:00', '11:00', 16).map((session, i) =>
      i === 9 ? { ...session, placeLimit: 4 } : session,
    ),
    tickets: [
      { type: 'all', name: 'Full term', price: 80, shouldProRata: true },
      { type: 'single', name: 'Pay as you go', price: 9.5 },
    ],
    addOns: [{ name: 'Kit hire', price: 5 }],
  });

  // Half-term camp: five weekdays starting a fortnight on Monday; Wednesday is nearly full.
  const monday = addDays(nextWeekday(today, 1), 14);
  const camp = await createActivityGroup(db, clientId, {
    name: 'Half-Term Multi-Sports Camp',
    fieldData: sport('Multi-sports'),
    description:
      '<p>Five days of football, dodgeball, tag rugby and rounders. Packed lunch needed; drop-off from 8.45am.</p>',
    venue: northfield,
    ageRange: { min: { years: 5, months: 0 }, max: { years: 11, months: 11 } },
    blockOutOfRange: true,
    waitlistType: 'SingleSession',
    activities: [0, 1, 2, 3, 4].map((day) => ({
      _id: `temp_camp_${day}`,
      date: addDays(monday, day),
      startTime: '09:00',
      endTime: '15:00',
      // Wednesday has 2 places; Tuesday 8, of which 7 are booked below (one left).
      placeLimit: day === 2 ? 2 : day === 1 ? 8 : 20,
    })),
    tickets: [
      { type: 'all', name: 'Whole week', price: 125 },
      { type: 'single', name: 'Day ticket', price: 30 },
    ],
    addOns: [
      { name: 'Early drop-off (8am)', price: 4 },
      {
        name: 'Swimming session',
        price: 6,
        restrictSessions: true,
        sessionsCanBeUsedFor: ['temp_camp_4'],
      },
    ],
  });

  const plan = await createSubscriptionPlan(db, clientId, {
    name: 'Little Dippers monthly',
    amount: 3600,
  });
  const wednesday = nextWeekday(today, 3);
  const swim = await createActivityGroup(db, clientId, {
    name: 'Little Dippers Swim Club',
    fieldData: sport('Swimming'),
    description:
      '<p>Weekly 30-minute lessons for confident beginners aged 4 to 7, paid monthly on the 1st.</p>',
    venue: riverside,
    ageRange: { min: { years: 4, months: 0 }, max: { years: 7, months: 11 } },
    activities: weekly(wednesday, 12, '16:30', '17:00', 8),
    tickets: [
      {
        type: 'subscription',
        name: 'Monthly membership',
        price: 36,
        subscriptionPlan: plan,
        allowMidMonthBookings: true,
        coverFeePerSession: 9,
      },
    ],
    addOns: [],
  });

  // Home-page tabs: the widget shows each at /listing/{path}.
  for (const [name, options] of [
    ['Football', ['Football']],
    ['Swimming', ['Swimming']],
    ['Holiday camps', ['Multi-sports']],
  ] as const) {
    const tab = v.parse(createHomeTabSchema(), {
      name,
      path: suggestTabPath(name),
      type: 'fieldOption',
      field: sportFieldId,
      value: options.map((o) => sport(o)[sportFieldId]!),
    });
    await saveHomeTab(db, clientId, null, tab);
  }

  // Discounts go through the rule form's schema too (amounts in major units).
  const createDiscount = async (form: v.InferInput<ReturnType<typeof createDiscountRuleSchema>>) =>
    saveDiscountRule(db, clientId, null, v.parse(createDiscountRuleSchema({}), form));
  await createDiscount({
    name: 'Welcome offer',
    type: 'Code',
    code: 'WELCOME10',
    codeUsage: 'AllActivities',
    unit: 'Percentage',
    percentage: 10,
    shouldLimitRedemptions: true,
    maxRedemptions: 100,
    shouldLimitUserRedemptions: true,
    maxUserRedemptions: 1,
  });
  await createDiscount({
    name: 'Siblings save',
    type: 'MultiAttendee',
    unit: 'PercentageAdditionalAttendee',
    percentageAdditionalAttendee: 10,
    sessionsOption: 'SameActivity',
    activityGroups: [football, camp],
  });
  await createCancellationRule(
    db,
    clientId,
    v.parse(createCancellationRuleSchema({ planLevel: DEMO.premiumPlanLevel }), {
      name: 'Cancel up to 48 hours before',
      sessionScope: 'singleSession',
      cancellationWindow: { amount: 48, unit: 'hours' },
      config: {
        percentageToRefund: 100,
        fee: 1,
        refundMethods: ['accountCredit'],
        accountCreditExpiry: { amount: 6, unit: 'months' },
      },
    }),
    { activityGroups: [football, camp, swim] },
  );
  await createChildcareVoucherProvider(db, clientId, {
    name: 'Tax-Free Childcare',
    paymentInstructions:
      'Pay from your Childcare Service account to "Demo Sports Club" (provider ref DSC-4471) and quote your booking number.',
  });

  const { user } = await registerCustomer(db, clientId, {
    fullName: DEMO.parent.fullName,
    email: DEMO.parent.email,
    password: DEMO.parent.password,
    confirmPassword: DEMO.parent.password,
  });
  const fields = await db
    .selectFrom('custom_fields')
    .select(['id', 'internal_key'])
    .where('client_id', '=', clientId)
    .where('usage', '=', 'attendee')
    .execute();
  const byKey = (key: string) => fields.find((f) => f.internal_key === key)!.id;
  for (const [first, dob] of [
    ['Mia', addDays(today, -7 * 365 - 40)],
    ['Leo', addDays(today, -5 * 365 - 100)],
  ] as const) {
    await createAttendee(db, clientId, user._id, [
      { field: byKey('firstName'), value: first },
      { field: byKey('lastName'), value: 'Parent' },
      { field: byKey('dateOfBirth'), value: dob },
    ]);
  }
  await seedBookings(db, clientId, { football, camp, today });
  // A coach who takes the football registers (and sees nothing else).
  await createCoach(
    db,
    clientId,
    v.parse(coachSchema, {
      fullName: DEMO.coach.fullName,
      email: DEMO.coach.email,
      password: DEMO.coach.password,
      activityGroups: [football],
    }),
  );
  return { clientId, created: true };
}

/**
 * A few other families' bookings, through the bookings service as the widget makes them: the
 * camp's Tuesday with one place left, the football tournament Saturday booked out (the
 * waitlist's case) and six children on next Saturday's football register, some paid, some
 * awaiting their voucher or a pay-later payment.
 */
async function seedBookings(
  db: Db,
  clientId: string,
  { football, camp, today }: { football: string; camp: string; today: string },
) {
  await db.updateTable('clients').set({ allow_pay_later: 1 }).where('id', '=', clientId).execute();
  // Make-ups on (docs/rules/make-ups.md): a day's notice, two per term, 60 days to book one.
  await saveMakeUpRule(
    db,
    clientId,
    {
      enabled: true,
      noticeHours: 24,
      perTerm: 2,
      expiryDays: 60,
      spendOn: 'same',
      activityGroupIds: [],
    },
    Date.parse(`${today}T00:00:00Z`),
  );
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const [voucher] = await db
    .selectFrom('childcare_voucher_providers')
    .select('id')
    .where('client_id', '=', clientId)
    .execute();
  const groupRows = async (groupId: string) => ({
    sessions: (
      await db
        .selectFrom('activities')
        .select('id')
        .where('activity_group_id', '=', groupId)
        .orderBy('date')
        .execute()
    ).map((r) => r.id),
    tickets: await db
      .selectFrom('tickets')
      .select(['id', 'name'])
      .where('activity_group_id', '=', groupId)
      .execute(),
  });
  const campRows = await groupRows(camp);
  const footballRows = await groupRows(football);
  const ticket = (rows: { tickets: { id: string; name: string }[] }, name: string) =>
    rows.tickets.find((t) => t.name === name)!.id;
  const fields = await db
    .selectFrom('custom_fields')
    .select(['id', 'internal_key', 'title'])
    .where('client_id', '=', clientId)
    .where('usage', '=', 'attendee')
    .execute();
  const byKey = (key: string) => fields.find((f) => f.internal_key === key)!.id;
  const byTitle = (title: string) => fields.find((f) => f.title === title)!.id;
  // What the registers show as safeguarding flags: a few medical notes, and photo consent.
  const medical: Record<string, string> = {
    Arjun: 'Nut allergy: EpiPen in his bag.',
    Ruby: 'Asthma: blue inhaler before exercise.',
    Noah: 'Type 1 diabetes: may need a snack.',
  };
  const families = [
    ['Priya Shah', 'Arjun', 'Anika'],
    ['Tom Hughes', 'Olly', 'Ruby'],
    ['Grace Okafor', 'Tobi', 'Ada'],
    ['Ben Carter', 'Noah', 'Isla'],
    ['Chloe Evans', 'Freya', 'Alfie'],
    ['Dan Murphy', 'Ciara', 'Finn'],
  ] as const;
  const children: { userId: string; attendeeId: string }[] = [];
  for (const [i, [fullName, ...kids]] of families.entries()) {
    const { user } = await registerCustomer(db, clientId, {
      fullName,
      email: `${fullName.split(' ')[0]!.toLowerCase()}@families.example.com`,
      password: `demo-family-${i}`,
      confirmPassword: `demo-family-${i}`,
    });
    for (const first of kids) {
      const id = await createAttendee(db, clientId, user._id, [
        { field: byKey('firstName'), value: first },
        { field: byKey('lastName'), value: fullName.split(' ')[1]! },
        { field: byKey('dateOfBirth'), value: addDays(today, -(6 + (i % 4)) * 365 - 30 * i) },
        { field: byTitle('Photo consent'), value: first !== 'Olly' },
        ...(medical[first] ? [{ field: byTitle('Medical notes'), value: medical[first] }] : []),
      ]);
      children.push({ userId: user._id, attendeeId: id });
    }
  }
  const book = async (
    who: { userId: string; attendeeId: string },
    groupId: string,
    ticketId: string,
    sessionId: string,
    pay: 'voucher' | 'payLater',
    paid: boolean,
  ) => {
    const basket = v.parse(basketSchema, {
      activityGroups: [
        {
          activityGroup: groupId,
          items: [{ ticket: ticketId, activities: [sessionId], attendees: [who.attendeeId] }],
        },
      ],
      paymentMethod:
        pay === 'voucher'
          ? { type: 'childcareVoucher', childcareVoucherProvider: voucher!.id }
          : { type: 'payLater' },
    });
    const { bookingId } = await createBooking(
      { db, dialect },
      { clientId, userId: who.userId, basket },
    );
    if (paid) await markBookingPaid(db, clientId, bookingId);
  };
  // Camp Tuesday: 7 of 8 places.
  for (const [i, who] of children.slice(0, 7).entries())
    await book(
      who,
      camp,
      ticket(campRows, 'Day ticket'),
      campRows.sessions[1]!,
      i % 3 ? 'voucher' : 'payLater',
      i < 4,
    );
  // Football tournament Saturday: all 4 places.
  for (const [i, who] of children.slice(7, 11).entries())
    await book(
      who,
      football,
      ticket(footballRows, 'Pay as you go'),
      footballRows.sessions[9]!,
      'voucher',
      i < 3,
    );
  // Next Saturday's football: a real register for a new organiser's Today view. Arjun's nut
  // allergy, Ruby's asthma and Noah's diabetes show as safeguarding flags, and Olly has no photo
  // consent; three have paid, three still owe.
  const nextSaturday = [0, 2, 3, 4, 6, 10].map((i) => children[i]!);
  for (const [i, who] of nextSaturday.entries())
    await book(
      who,
      football,
      ticket(footballRows, 'Pay as you go'),
      footballRows.sessions[0]!,
      i % 2 ? 'voucher' : 'payLater',
      i < 3,
    );
}
