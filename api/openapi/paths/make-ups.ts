import { makeUpRuleSchema, reportAbsenceSchema, spendMakeUpSchema } from '../../../engine/index.ts';
import { ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Bookings';

/** Absences and make-up credits (docs/rules/make-ups.md). */
export const makeUpRoutes: RouteDocs = {
  'GET /api/make-ups/rule': {
    tag,
    summary: "The organiser's make-up rule",
    access: 'admin',
    returns: 'The rule (off, with defaults, until saved).',
  },
  'PUT /api/make-ups/rule': {
    tag,
    summary: 'Set the make-up rule: notice, make-ups per term, expiry and where they may be spent',
    access: 'admin',
    body: {
      schema: makeUpRuleSchema,
      example: {
        enabled: true,
        noticeHours: 24,
        perTerm: 2,
        expiryDays: 60,
        spendOn: 'same',
        activityGroupIds: [],
      },
    },
    returns: 'The saved rule.',
  },
  'GET /api/make-ups': {
    tag,
    summary: "The parent's reported absences and their make-up credits",
    access: 'customer',
    returns: 'The rule as parents read it, and the absences, newest first.',
  },
  'POST /api/make-ups/absence-quote': {
    tag,
    summary: 'What reporting an absence for a booked place would do (nothing is written)',
    access: 'customer',
    body: { schema: reportAbsenceSchema, example: { place: ids.place } },
    returns: 'Refused with a message, or accepted with or without a make-up credit and why.',
  },
  'POST /api/make-ups/absences': {
    tag,
    summary: 'Report a child absent from one upcoming session',
    description:
      'The place stops taking a place at once (the session has room for a booking or a waitlist ' +
      "offer); under the organiser's rule the absence earns a make-up credit. 422 once the " +
      'session has started or when the place was already reported.',
    access: 'customer',
    body: { schema: reportAbsenceSchema, example: { place: ids.place } },
    returns: 'The absence: whether it earned a credit, its expiry, and why not.',
  },
  'GET /api/make-ups/credits/:id/sessions': {
    tag,
    summary: 'Sessions a make-up credit can book now (allowed activity, room, before expiry)',
    access: 'customer',
    returns: 'The sessions, soonest first, with places left.',
  },
  'POST /api/make-ups/bookings': {
    tag,
    summary: 'Spend a make-up credit on a free place in a session with room',
    description:
      'Confirmed at no charge; the same capacity rule as any booking, in one transaction, so a ' +
      'full session is refused (422) and a credit books once.',
    access: 'customer',
    body: { schema: spendMakeUpSchema, example: { credit: ids.booking, session: ids.session } },
    returns: 'The new booking and place ids.',
  },
};
