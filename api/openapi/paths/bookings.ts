import {
  adminBasketSchema,
  basketSchema,
  cancelPlacesSchema,
  joinWaitlistSchema,
  placeHeldBasketSchema,
  waitlistStatusSchema,
} from '../../../engine/index.ts';
import { manualRefundSchema } from '../../../engine/refunds/manual.ts';
import { newCustomerRequestSchema } from '../../../engine/schemas/new-customer.ts';
import { basketExample, ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Bookings';
const waitlistTag = 'Waitlists';
const cancelExample = { places: [ids.place], refundMethod: null };

/** Baskets, holds, bookings, cancellations and waitlists (docs/api/bookings.md). */
export const bookingRoutes: RouteDocs = {
  'POST /api/bookings/quote': {
    tag,
    summary: 'Price a basket: discounts, credit, passes and what is due now',
    access: 'customer',
    body: { schema: basketSchema, example: basketExample },
    returns: 'The quote; nothing is saved.',
  },
  'POST /api/bookings': {
    tag,
    summary: 'Book a basket',
    description:
      'Places are taken in one transaction that cannot oversell (docs/rules/places.md). Send an ' +
      '`Idempotency-Key` header so a retried request never books twice. A card payment holds ' +
      'the places until it completes (docs/rules/holds.md).',
    access: 'customer',
    body: { schema: basketSchema, example: basketExample },
    status: 201,
    returns: 'The booking.',
  },
  'POST /api/bookings/holds': {
    tag,
    summary: "Hold a basket's places while the parent chooses how to pay",
    access: 'customer',
    body: { schema: basketSchema, example: basketExample },
    status: 201,
    returns: 'The held booking and when the hold ends.',
  },
  'POST /api/bookings/:id/place': {
    tag,
    summary: 'Turn a hold into a booking with the chosen payment method',
    access: 'customer',
    body: { schema: placeHeldBasketSchema, example: { paymentMethod: { type: 'payLater' } } },
    returns: 'The booking.',
  },
  'DELETE /api/bookings/:id/hold': {
    tag,
    summary: "Give back a hold's places",
    access: 'customer',
    status: 204,
    returns: 'No content.',
  },
  'GET /api/bookings/mine': {
    tag,
    summary: "The signed-in parent's bookings",
    access: 'customer',
    returns: 'The bookings.',
  },
  'GET /api/bookings/payment-options': {
    tag,
    summary: "How the organiser takes payment (card, vouchers, pay later) and the parent's credit",
    access: 'widget',
    returns: 'The payment options.',
  },
  'POST /api/bookings/admin/quote': {
    tag,
    summary: 'Price a basket for a customer (the organiser books on their behalf)',
    access: 'admin',
    body: { schema: adminBasketSchema, example: { user: ids.user, ...basketExample } },
    returns: 'The quote; nothing is saved.',
  },
  'POST /api/bookings/admin': {
    tag,
    summary: 'Book a basket for a customer',
    description: '`allowOverCapacity` lets an admin book past a full session knowingly.',
    access: 'admin',
    body: { schema: adminBasketSchema, example: { user: ids.user, ...basketExample } },
    status: 201,
    returns: 'The booking.',
  },
  'POST /api/bookings/admin/customers': {
    tag,
    summary: "Add a new family's parent during a phone booking, without a password",
    description:
      "Answers to the organiser's user fields (a phone, often) as `[{ field, value }]`; an e-mail the organiser already has is refused with 409 (docs/rules/phone-bookings.md).",
    access: 'admin',
    body: {
      schema: newCustomerRequestSchema,
      example: { fullName: 'Dana Hill', email: 'dana.hill@example.com', fieldData: [] },
    },
    status: 201,
    returns: 'The new customer.',
  },
  'GET /api/bookings': {
    tag,
    summary: 'Bookings, paged and filtered',
    access: 'admin',
    query: {
      page: 'Page number from 1.',
      limit: 'Rows per page, 1 to 1000 (25).',
      filters:
        'JSON: `activityGroup`, `session`, `from`, `to` (YYYY-MM-DD), `status`, `paymentState`, `search`.',
    },
    returns: 'The bookings, and `meta` with `page`, `limit` and `total`.',
  },
  'GET /api/bookings/attendee-sales': {
    tag,
    summary: 'What one customer has booked in some groups',
    access: 'admin',
    query: { userId: 'The customer.', activityGroupIds: 'JSON list of group ids.' },
    returns: 'Places per group.',
  },
  'POST /api/bookings/:id/mark-paid': {
    tag,
    summary: 'Record an offline payment (voucher, Tax-Free Childcare, pay later)',
    access: 'admin',
    noBody: 'The booking is paid in full.',
    returns: 'The booking.',
  },
  'GET /api/bookings/:id/refund-options': {
    tag,
    summary: 'The most a manual refund may give back on a booking, and by which methods',
    access: 'admin',
    returns: "The limit and each open method's own limit (docs/rules/refunds.md).",
  },
  'POST /api/bookings/:id/refund': {
    tag,
    summary: 'Refund any amount up to the limit, to card or as account credit, with a reason',
    description: 'The amount is in minor units (pence, cents).',
    access: 'admin',
    body: {
      schema: manualRefundSchema,
      example: { amount: 1250, method: 'accountCredit', reason: 'Session cancelled for rain' },
    },
    status: 201,
    returns: 'The booking with the refund.',
  },
  'POST /api/bookings/:id/cancel-quote': {
    tag,
    summary: "What cancelling some places would refund, under the group's rules",
    access: 'signedIn',
    body: { schema: cancelPlacesSchema, example: cancelExample },
    returns: 'The refund quote; nothing changes.',
  },
  'POST /api/bookings/:id/cancel': {
    tag,
    summary: 'Cancel places and refund them',
    access: 'signedIn',
    body: { schema: cancelPlacesSchema, example: cancelExample },
    returns: 'The booking and the refund.',
  },
  'GET /api/bookings/:id': {
    tag,
    summary: 'One booking; a parent sees only their own',
    access: 'signedIn',
    returns: 'The booking with its places and payments.',
  },
  'GET /api/waitlists': {
    tag: waitlistTag,
    summary: "Waitlist entries: every entry for an admin, a parent's own otherwise",
    access: 'signedIn',
    query: {
      page: 'Page number from 1.',
      limit: 'Rows per page (50).',
      filters: 'JSON: `user`, `activityGroup`, `status` (one or a list).',
    },
    returns: 'The entries, and `meta` with `page`, `limit` and `total`.',
  },
  'GET /api/waitlists/join-view': {
    tag: waitlistTag,
    summary: "The join form's state for one child (badges, notices)",
    access: 'customer',
    query: { activityGroup: 'The group.', attendee: 'The child.' },
    returns: "The view and the group's waitlist type.",
  },
  'POST /api/waitlists': {
    tag: waitlistTag,
    summary: 'Put a child on a waitlist',
    access: 'customer',
    body: {
      schema: joinWaitlistSchema,
      example: { activityGroup: ids.group, attendee: ids.attendee, activities: [ids.session] },
    },
    status: 201,
    returns: 'The new entries.',
  },
  'PUT /api/waitlists/:id/status': {
    tag: waitlistTag,
    summary: 'Move a waitlist entry; Ready offers the place for `offerHours`',
    access: 'admin',
    body: { schema: waitlistStatusSchema, example: { status: 'Ready', offerHours: 24 } },
    returns: 'The entry.',
  },
  'POST /api/waitlists/:id/cancel': {
    tag: waitlistTag,
    summary: 'A parent takes their child off a waitlist',
    access: 'customer',
    noBody: 'The URL names the entry.',
    returns: 'The entry.',
  },
  'GET /api/trials/conversion': {
    tag,
    summary: 'Trial conversion: trials taken, how many then booked the activity, and the rate',
    description: 'docs/rules/trials.md. Without `activityGroup`, every activity of the organiser.',
    access: 'admin',
    query: { activityGroup: 'One activity group (optional).' },
    returns: '`taken`, `converted` and `rate` (whole percent, null with no trials).',
  },
  'GET /api/trials/:id': {
    tag,
    summary: "The offer after a child's trial, from the follow-up e-mail's link",
    description:
      'Only the parent the e-mail went to sees it; anyone else is told it is no longer ' +
      'available (404). The options are priced as checkout prices them today.',
    access: 'customer',
    returns: 'The activity, the child and the options (the rest of the term, a membership).',
  },
};
