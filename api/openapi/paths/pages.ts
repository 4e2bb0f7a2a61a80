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
  'GET /listing/:path': {
    tag,
    summary: "A home tab's listing page, the organiser named with `?client=`",
    access: 'public',
    query: { client: "The organiser's id." },
    returns: 'An HTML page.',
    produces: 'text/html',
  },
};
