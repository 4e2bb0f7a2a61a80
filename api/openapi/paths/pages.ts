import type { RouteDocs } from '../route-doc.ts';

const tag = 'Hosted pages';

/*
 * Pages on our origin that mount the booking widget for organisers without a website, or that
 * links in e-mails open. They answer HTML (or a calendar file), not the JSON envelope.
 */
export const pageRoutes: RouteDocs = {
  'GET /book/:clientId': {
    tag,
    summary: "The organiser's whole listing, as a page to share or link to",
    access: 'public',
    returns: 'An HTML page with the booking widget and link preview tags.',
    produces: 'text/html',
  },
  'GET /book/:clientId/activity/:groupId': {
    tag,
    summary: "One activity's booking page",
    access: 'public',
    returns: 'An HTML page.',
    produces: 'text/html',
  },
  'GET /book/:clientId/listing/:path': {
    tag,
    summary: "A home tab's listing page",
    access: 'public',
    returns: 'An HTML page.',
    produces: 'text/html',
  },
  'GET /account/attendees': {
    tag,
    summary: "The parent's account area on our origin (for organisers without a website)",
    access: 'public',
    query: { client: "The organiser's id." },
    returns: 'An HTML page with the widget open at the account area.',
    produces: 'text/html',
  },
  'GET /account/calendar/:file': {
    tag,
    summary: "A booking's sessions as a calendar file (a confirmation's 'Add to calendar' link)",
    description:
      'The file name is `<token>.ics`, the unguessable token from the e-mail; the file is made ' +
      'from the booking as it stands.',
    access: 'public',
    returns: 'An iCalendar file with one event per booked session.',
    produces: 'text/calendar',
  },
  'GET /listing/:path': {
    tag,
    summary: "A home tab's listing page, the organiser named with `?client=`",
    access: 'public',
    query: { client: "The organiser's id." },
    returns: 'An HTML page.',
    produces: 'text/html',
  },
};
