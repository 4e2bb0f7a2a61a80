import {
  acceptReEnrolmentSchema,
  openReEnrolmentBatchSchema,
  openReEnrolmentRequestSchema,
} from '../../../engine/re-enrolment.ts';
import { ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Bookings';
const link =
  'The token is the one in the parent’s e-mailed link (`#classwise=reenrol/<token>`): it is the key ' +
  'to that one offer, so no sign-in is needed. The client comes from `X-Client-Id`.';

/** Re-enrolment: the term rollover (docs/rules/re-enrolment.md). */
export const reEnrolmentRoutes: RouteDocs = {
  'POST /api/re-enrolments': {
    tag,
    summary: "Roll an activity over to next term's copy and offer every booked child their place",
    description:
      'Copies the activity (as Duplicate does), publishes the copy, keeps a place on it for each ' +
      'child with a confirmed place until the window ends, and e-mails each parent once. Places ' +
      'nobody is offered are on sale at once.',
    access: 'admin',
    body: {
      schema: openReEnrolmentRequestSchema,
      example: {
        activityGroup: ids.group,
        startDate: '2027-01-09',
        name: 'Football spring term',
        windowDays: 7,
      },
    },
    status: 201,
    returns: 'The rollover with its funnel and every offer.',
  },
  'POST /api/re-enrolments/batch': {
    tag,
    summary: 'Roll several activities over to next term at once, with one priority window',
    description:
      'Up to 50 activities, each with its own first session date and name. Each is opened exactly ' +
      'as `POST /api/re-enrolments` opens one, all or nothing for that activity; one refused ' +
      '(nobody booked, already rolled over, not found, a date its copy cannot take) does not stop ' +
      'the others.',
    access: 'admin',
    body: {
      schema: openReEnrolmentBatchSchema,
      example: {
        windowDays: 7,
        activities: [
          { activityGroup: ids.group, startDate: '2027-01-09', name: 'Football Spring 2027' },
        ],
      },
    },
    returns:
      'One outcome per activity, in order: `opened` with the copy and how many children were offered, or `refused` with the reason.',
  },
  'GET /api/re-enrolments': {
    tag,
    summary: "An activity's re-enrolment funnel: offered, accepted, declined, lapsed",
    access: 'admin',
    query: { activityGroup: 'The copy, or the activity it was rolled over from.' },
    returns: 'The rollover with its funnel and every offer, or null when there is none.',
  },
  'GET /api/re-enrolments/mine': {
    tag,
    summary: "The sessions kept for the signed-in parent's children on an activity",
    description: 'The booking journey lets a child book the place kept for them, though full.',
    access: 'customer',
    query: { activityGroup: 'The copy being re-enrolled.' },
    returns: 'One row per child: the child and the kept sessions.',
  },
  'GET /api/re-enrolments/offers/:token': {
    tag,
    summary: 'One re-enrolment offer, for the parent’s page',
    description: link,
    access: 'widget',
    returns: 'The child, the activity, the ticket, the price, the ways to confirm, and its state.',
  },
  'POST /api/re-enrolments/offers/:token/accept': {
    tag,
    summary: 'Confirm a re-enrolment offer: books the kept place',
    description: `${link} Card payment goes through the ordinary checkout, signed in.`,
    access: 'widget',
    body: { schema: acceptReEnrolmentSchema, example: { paymentMethod: { type: 'payLater' } } },
    returns: 'The booking made.',
  },
  'POST /api/re-enrolments/offers/:token/decline': {
    tag,
    summary: 'Decline a re-enrolment offer: the kept place goes on sale',
    description: link,
    access: 'widget',
    noBody: 'The URL names the offer and the answer.',
    returns: 'The new state.',
  },
};
