import {
  copyActivityGroupSchema,
  createActivityGroupSchema,
  createCancellationRuleSchema,
  createDiscountRuleSchema,
  createPassCreditGrantSchema,
  createSessionPassSchema,
  PLAN_LEVELS,
} from '../../../engine/index.ts';
import { ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Activities and prices';

/*
 * Schemas that depend on the organiser (its plan, fields, other rules and passes) are shown for
 * an organiser on the top plan with nothing saved yet; the route applies the same schema built
 * from the organiser's own data, so a plan gate or a clash with a saved rule is a 400 there.
 */
const groupSchema = createActivityGroupSchema({ planLevel: PLAN_LEVELS.Level30 });
const group = {
  name: 'Swim club',
  description: '<p>Lessons for all ages</p>',
  venue: ids.venue,
  ageRange: { min: { years: 4, months: 0 }, max: { years: 12, months: 6 } },
  cancellationRules: [ids.rule],
  activities: [
    { _id: 'temp_a', date: '2031-08-01', startTime: '09:00', endTime: '10:00', placeLimit: '12' },
  ],
  tickets: [{ _id: 'temp_t', type: 'single', name: 'Session', price: '12.50', placeLimit: '10' }],
  addOns: [{ _id: 'temp_x', name: 'Towel', price: '2' }],
};
const discount = {
  name: 'Spring',
  type: 'Code',
  code: 'SPRING5',
  codeUsage: 'AllActivities',
  unit: 'Percentage',
  percentage: '10',
  maximumDiscountAmount: '20',
};
const pass = {
  name: 'Ten sessions',
  activityGroups: [ids.group],
  purchaseOptions: [
    { creditAmount: '10', price: '45.50', expiresAfter: { amount: '3', unit: 'months' } },
  ],
};
const rule = {
  name: '48 hours',
  sessionScope: 'allSessions',
  cancellationWindow: { amount: '48', unit: 'hours' },
  config: { percentageToRefund: '50', fee: '1.50', refundMethods: ['accountCredit'] },
};
const ruleSchema = createCancellationRuleSchema({ planLevel: PLAN_LEVELS.Level30 });

/** Activity groups with their sessions, tickets and add-ons; passes, discounts and refund rules. */
export const activityRoutes: RouteDocs = {
  'GET /api/activity-groups/full-list': {
    tag,
    summary: 'Activity groups: every group for an admin, the published ones for the widget',
    access: 'widget',
    query: {
      filters:
        'JSON: `search`, `venue`, `enabled`, `archived` (true: archived only), `tab` (a home ' +
        "tab's path) and `fields` (activity field id → option id).",
    },
    returns: 'The groups with sessions, tickets, add-ons and places left.',
  },
  'GET /api/activity-groups/listing': {
    tag,
    summary: "A page of the organiser's published activity groups (the widget's listing)",
    description:
      'Filters apply before paging, so every page but the last is full. Groups come in the ' +
      "organiser's order; each lists its next upcoming sessions (and the first full session of " +
      "an all-sessions ticket) with `sessionsTotal` counting all of them; the group's own " +
      '`/public` read has every session. Pass `meta.next` back as `cursor` for the following page.',
    access: 'widget',
    query: {
      limit: 'Groups per page, 1 to 50 (10); more is refused with a 400.',
      cursor: 'The `next` of the previous page.',
      tab: "A home tab's path: only that tab's groups (404 for an unknown tab).",
      schoolYear: 'A school year, 0 (Reception) to 13: only groups that suit it.',
      age: "A child's age in whole months: only groups whose age range includes it.",
      search: 'Text the group name contains.',
      sessions: 'Upcoming sessions listed per group, 1 to 20 (3).',
    },
    returns:
      '`{ data, meta: { next, total, limit } }`: the groups, the cursor for the next page (null at the end) and how many groups match.',
  },
  'POST /api/activity-groups': {
    tag,
    summary: 'Create an activity group (the four-step wizard)',
    description:
      'Prices are in major units as typed; unsaved sessions, tickets and add-ons carry `temp_` ' +
      'ids that the answer replaces with real ones (docs/rules/editing-and-states.md).',
    access: 'admin',
    body: { schema: groupSchema, example: group },
    status: 201,
    returns: 'The saved group.',
  },
  'PUT /api/activity-groups/:id': {
    tag,
    summary: 'Save an activity group',
    description: "A saved ticket's type and subscription plan cannot change.",
    access: 'admin',
    body: { schema: groupSchema, example: { ...group, name: 'Summer Camp' } },
    returns: 'The saved group.',
  },
  'DELETE /api/activity-groups/:id': {
    tag,
    summary: 'Delete an activity group that has no bookings',
    access: 'admin',
    returns: "The deleted group's `_id`.",
  },
  'POST /api/activity-groups/:id/duplicate': {
    tag,
    summary: 'Copy a group to a new term: sessions shift to the new first date',
    access: 'admin',
    body: {
      schema: copyActivityGroupSchema,
      example: { startDate: '2031-01-31', name: 'Summer Camp 2031' },
    },
    status: 201,
    returns: 'The copy.',
  },
  'POST /api/activity-groups/:id/archive': {
    tag,
    summary: 'Archive a group (hidden from lists and the widget)',
    access: 'admin',
    noBody: 'The URL names the group.',
    returns: 'The group.',
  },
  'POST /api/activity-groups/:id/unarchive': {
    tag,
    summary: 'Bring an archived group back',
    access: 'admin',
    noBody: 'The URL names the group.',
    returns: 'The group.',
  },
  'GET /api/activity-groups/:id/sales': {
    tag,
    summary: "A group's confirmed places, for its Sales tab",
    access: 'admin',
    returns: 'Places with attendee, ticket and payment.',
  },
  'GET /api/activity-groups/:id/sales-including-cancelled': {
    tag,
    summary: "A group's places, cancelled ones included",
    access: 'admin',
    returns: 'Places with attendee, ticket and payment.',
  },
  'GET /api/activity-groups/:id/sales-including-waitlist-entries': {
    tag,
    summary: "A group's places and waitlist entries",
    access: 'admin',
    returns: 'Places and entries.',
  },
  'GET /api/activity-groups/:id/public': {
    tag,
    summary: 'One published group as the widget shows it',
    access: 'widget',
    returns: 'The group, without admin-only answers.',
  },
  'GET /api/activity-groups/:id': {
    tag,
    summary: 'One group as the wizard edits it',
    access: 'admin',
    returns: 'The group.',
  },
  'GET /api/session-passes/public': {
    tag,
    summary: 'The enabled session passes parents can buy',
    access: 'widget',
    returns: 'The passes with their purchase options.',
  },
  'GET /api/session-passes': {
    tag,
    summary: 'Session passes',
    access: 'admin',
    returns: 'The passes.',
  },
  'GET /api/session-passes/:id': {
    tag,
    summary: 'One session pass',
    access: 'admin',
    returns: 'The pass.',
  },
  'POST /api/session-passes': {
    tag,
    summary: 'Add a session pass',
    description: 'An activity may be in one pass only.',
    access: 'admin',
    body: { schema: createSessionPassSchema({}), example: pass },
    status: 201,
    returns: 'The saved pass.',
  },
  'PUT /api/session-passes/:id': {
    tag,
    summary: 'Edit a session pass',
    access: 'admin',
    body: { schema: createSessionPassSchema({}), example: { ...pass, name: 'Five sessions' } },
    returns: 'The saved pass.',
  },
  'DELETE /api/session-passes/:id': {
    tag,
    summary: 'Delete a session pass',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
  'POST /api/session-passes/:id/credits': {
    tag,
    summary: 'Give a customer credits on a pass',
    access: 'admin',
    body: {
      schema: createPassCreditGrantSchema(Date.now()),
      example: { userId: ids.user, credits: '5', expiresAt: null },
    },
    status: 201,
    returns: "The customer's credits.",
  },
  'GET /api/discount-rules': {
    tag,
    summary: 'Discount rules',
    access: 'admin',
    returns: 'The rules.',
  },
  'POST /api/discount-rules': {
    tag,
    summary: 'Add a discount rule (codes, multi-session, multi-child)',
    description: 'An activity cannot have two rules of the same multi type.',
    access: 'admin',
    body: { schema: createDiscountRuleSchema({}), example: discount },
    status: 201,
    returns: 'The saved rule.',
  },
  'PUT /api/discount-rules/:id': {
    tag,
    summary: 'Edit a discount rule; a used rule locks some fields',
    access: 'admin',
    body: { schema: createDiscountRuleSchema({}), example: { ...discount, code: 'SUMMER10' } },
    returns: 'The saved rule.',
  },
  'DELETE /api/discount-rules/:id': {
    tag,
    summary: 'Delete a discount rule',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
  'GET /api/cancellation-rules': {
    tag,
    summary: 'Cancellation and refund rules',
    access: 'admin',
    returns: 'The rules.',
  },
  'POST /api/cancellation-rules': {
    tag,
    summary: 'Add a cancellation rule',
    description:
      'Account credit needs a plan that includes it; refunds to card need card payments set up.',
    access: 'admin',
    body: { schema: ruleSchema, example: rule },
    status: 201,
    returns: 'The saved rule.',
  },
  'PUT /api/cancellation-rules/:id': {
    tag,
    summary: 'Edit a cancellation rule',
    access: 'admin',
    body: { schema: ruleSchema, example: { ...rule, name: '24 hours' } },
    returns: 'The saved rule.',
  },
  'DELETE /api/cancellation-rules/:id': {
    tag,
    summary: 'Delete a cancellation rule',
    access: 'admin',
    returns: '`{ success: true }`.',
  },
  'GET /api/payment-schedules': {
    tag,
    summary: "A group's payment schedule (instalments)",
    access: 'admin',
    query: { activityGroup: "The group's id." },
    returns: 'The schedule, or null when the group has none.',
  },
  'GET /api/subscription-plans': {
    tag,
    summary: 'Subscription plans for the ticket dialog, with the ticket using each',
    access: 'admin',
    returns: 'The plans.',
  },
};
