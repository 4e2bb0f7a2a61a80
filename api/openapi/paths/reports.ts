import { clearBounceBody, resendBody } from '../../routes/messages.ts';
import { ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Reports and messages';

/** The overview, CSV exports (docs/api/exports.md) and the e-mails sent to customers. */
export const reportRoutes: RouteDocs = {
  'GET /api/overview': {
    tag,
    summary: "The organiser's overview: takings, bookings and places (docs/api/overview.md)",
    access: 'admin',
    returns: "The overview's figures.",
  },
  'GET /api/exports/bookings.csv': {
    tag,
    summary: "Bookings as CSV, with the bookings list's filters",
    access: 'admin',
    query: { filters: 'JSON, as on `GET /api/bookings`.' },
    returns: 'A CSV file.',
    produces: 'text/csv',
  },
  'GET /api/exports/customers.csv': {
    tag,
    summary: 'Customers as CSV',
    access: 'admin',
    query: { filters: 'JSON: `search`.' },
    returns: 'A CSV file.',
    produces: 'text/csv',
  },
  'GET /api/exports/payments.csv': {
    tag,
    summary: 'Payments and refunds as CSV',
    access: 'admin',
    query: { from: 'First day, YYYY-MM-DD.', to: 'Last day, YYYY-MM-DD.' },
    returns: 'A CSV file.',
    produces: 'text/csv',
  },
  'GET /api/exports/waitlists.csv': {
    tag,
    summary: 'Waitlist entries as CSV',
    access: 'admin',
    query: { filters: 'JSON: `activityGroup`, `status`.' },
    returns: 'A CSV file.',
    produces: 'text/csv',
  },
  'GET /api/exports/registers/:sessionId{[0-9a-z]+\\.csv}': {
    tag,
    summary: "One session's register as CSV",
    access: 'admin',
    returns: 'A CSV file.',
    produces: 'text/csv',
  },
  'GET /api/exports/accounting.csv': {
    tag,
    summary: 'Money lines for Xero or QuickBooks',
    access: 'admin',
    query: {
      format: '`xero` or `quickbooks` (required).',
      from: 'First day, YYYY-MM-DD.',
      to: 'Last day, YYYY-MM-DD.',
    },
    returns: "A CSV file in the chosen package's import format.",
    produces: 'text/csv',
  },
  'GET /api/messages': {
    tag,
    summary: 'E-mails sent or queued for customers, newest first',
    access: 'admin',
    query: {
      page: 'Page number from 1.',
      limit: 'Rows per page, 1 to 100 (25).',
      bookingId: "Only this booking's messages.",
      email: 'Only messages to this address.',
    },
    returns: 'The messages with their status, and `meta`.',
  },
  'POST /api/messages/resend-confirmation': {
    tag,
    summary: "Send a booking's confirmation again",
    access: 'admin',
    body: { schema: resendBody, example: { bookingId: ids.booking } },
    status: 201,
    returns: 'The queued message.',
  },
  'GET /api/messages/bounces': {
    tag,
    summary: 'Addresses whose mail server refused our messages, with the reason',
    description: 'Messages to a refused address fail at once until the organiser clears it.',
    access: 'admin',
    query: { email: 'Only this address.' },
    returns: 'The refused addresses.',
  },
  'POST /api/messages/bounces/clear': {
    tag,
    summary: 'Send to a refused address again (the organiser checked it)',
    access: 'admin',
    body: { schema: clearBounceBody, example: { email: 'pat@home.example' } },
    returns: 'The address and `cleared: true`.',
  },
  'GET /api/messages/:id': {
    tag,
    summary: 'One message with its content',
    access: 'admin',
    returns: 'The message.',
  },
};
