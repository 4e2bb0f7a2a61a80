import { changePasswordSchema } from '../../../engine/index.ts';
import { eraseBody } from '../../routes/customer-data.ts';
import { myNotificationsBody } from '../../routes/messages.ts';
import { ownDetailsBody } from '../../routes/users.ts';
import { attendeeExample } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

/** A parent's own account, an admin's own notices, and customers' data rights (docs/rules/). */
export const dataRightsRoutes: RouteDocs = {
  'GET /api/users/me/details': {
    tag: 'Customers and attendees',
    summary: "The signed-in parent's own details and answers (their account area)",
    access: 'customer',
    returns: 'Their name, e-mail and answers to the customer fields.',
  },
  'PUT /api/users/me': {
    tag: 'Customers and attendees',
    summary: 'A parent saves their own details',
    access: 'customer',
    body: {
      schema: ownDetailsBody,
      example: { fullName: 'Pat Parent', fieldData: attendeeExample.fieldData.slice(0, 1) },
    },
    returns: 'Their saved details.',
  },
  'POST /api/users/me/password': {
    tag: 'Sign-in and accounts',
    summary: 'Change the password while signed in',
    description: 'Needs the current password; rate limited like a sign-in.',
    access: 'signedIn',
    body: {
      schema: changePasswordSchema,
      example: {
        currentPassword: 'parent-pass',
        password: 'a-new-parent-pass',
        confirmPassword: 'a-new-parent-pass',
      },
    },
    returns: 'A message to show.',
  },
  'GET /api/messages/my-notifications': {
    tag: 'Reports and messages',
    summary: 'Which e-mails the signed-in admin chose to get',
    access: 'admin',
    returns: 'Each choice, on or off.',
  },
  'PUT /api/messages/my-notifications': {
    tag: 'Reports and messages',
    summary: 'Choose which e-mails to get: new bookings, cancellations, failed payments, digest',
    access: 'admin',
    body: {
      schema: myNotificationsBody,
      example: { newBooking: true, cancellation: true, paymentFailed: true, dailyDigest: false },
    },
    returns: 'The saved choices.',
  },
  'GET /api/customers/:id/export.json': {
    tag: 'Customers and attendees',
    summary: 'Everything held about one customer, as JSON (files included)',
    description: 'Written to the audit log (docs/rules/data-rights.md).',
    access: 'admin',
    returns: 'A JSON file: the customer, children, bookings, payments, messages and files.',
    produces: 'application/octet-stream',
  },
  'GET /api/customers/:id/export.csv': {
    tag: 'Customers and attendees',
    summary: 'Everything held about one customer, as CSV (one fact per line)',
    access: 'admin',
    returns: 'A CSV file.',
    produces: 'text/csv',
  },
  'POST /api/customers/:id/erase': {
    tag: 'Customers and attendees',
    summary: 'Erase a customer: personal data removed, money records kept, files deleted',
    description:
      'Refused while a booking is upcoming or unpaid. Cannot be undone, so the body says so.',
    access: 'admin',
    body: { schema: eraseBody, example: { confirm: true } },
    returns: 'What was erased.',
  },
  'GET /api/audit-events': {
    tag: 'Reports and messages',
    summary: 'The audit log: who did what to bookings, refunds, customers and settings',
    access: 'admin',
    query: {
      page: 'Page number from 1.',
      limit: 'Rows per page (20).',
      subjectType: '`booking`, `refund`, `customer` or `settings`.',
      subjectId: "Only this record's entries.",
      customerId: "A customer's own entries and their bookings'.",
    },
    returns: 'The entries, newest first, and `meta`.',
  },
};
