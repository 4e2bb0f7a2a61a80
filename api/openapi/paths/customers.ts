import { adminAttendeeAnswersSchema, attendeeAnswersSchema } from '../../../engine/index.ts';
import { attendeeExample, ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Customers and attendees';

/** Customers (parents) and their attendees (children), as the organiser and the parent see them. */
export const customerRoutes: RouteDocs = {
  'GET /api/users': {
    tag,
    summary: 'Customers and staff of the organiser, paged and searchable',
    access: 'admin',
    query: {
      page: 'Page number from 1.',
      limit: 'Rows per page, 1 to 100 (20).',
      filters: 'JSON: `search` (name or e-mail) and `role` (`admin` or `customer`).',
    },
    returns: 'The users, and `meta` with `page`, `limit` and `total`.',
  },
  'GET /api/users/me': {
    tag,
    summary: 'The signed-in user',
    access: 'signedIn',
    returns: 'The user with their role.',
  },
  'GET /api/users/:id/account': {
    tag,
    summary: "A customer's money: credit balance and latest payments and refunds",
    access: 'admin',
    returns: 'The balance and movements.',
  },
  'GET /api/users/:id': {
    tag,
    summary: 'One user; a customer may read only themselves',
    access: 'signedIn',
    returns: 'The user.',
  },
  'GET /api/attendees': {
    tag,
    summary: 'Attendees with every answer, admin-only ones included',
    access: 'admin',
    query: { userId: "Only this customer's attendees." },
    returns: 'The attendees.',
  },
  'GET /api/attendees/:id': {
    tag,
    summary: 'One attendee',
    access: 'admin',
    returns: 'The attendee.',
  },
  'POST /api/attendees': {
    tag,
    summary: 'Add an attendee to a customer',
    description: "Each answer is checked against its field's type and rules.",
    access: 'admin',
    body: {
      schema: adminAttendeeAnswersSchema,
      example: { userId: ids.user, ...attendeeExample },
    },
    status: 201,
    returns: 'The attendee.',
  },
  'PUT /api/attendees/:id': {
    tag,
    summary: "Edit an attendee's answers",
    access: 'admin',
    body: { schema: adminAttendeeAnswersSchema, example: attendeeExample },
    returns: 'The attendee.',
  },
  'GET /api/user/attendees': {
    tag,
    summary: "The signed-in parent's own children",
    access: 'customer',
    returns: 'The attendees, without admin-only answers.',
  },
  'POST /api/user/attendees': {
    tag,
    summary: 'A parent adds a child',
    access: 'customer',
    body: { schema: attendeeAnswersSchema, example: attendeeExample },
    status: 201,
    returns: 'The attendee.',
  },
  'PUT /api/user/attendees/:id': {
    tag,
    summary: 'A parent edits their own child',
    access: 'customer',
    body: { schema: attendeeAnswersSchema, example: attendeeExample },
    returns: 'The attendee.',
  },
};
