import { accountRoutes } from './paths/accounts.ts';
import { activityRoutes } from './paths/activities.ts';
import { bookingRoutes } from './paths/bookings.ts';
import { customerRoutes } from './paths/customers.ts';
import { dataRightsRoutes } from './paths/data-rights.ts';
import { familyRoutes } from './paths/family.ts';
import { fileRoutes } from './paths/files.ts';
import { householdRoutes } from './paths/households.ts';
import { makeUpRoutes } from './paths/make-ups.ts';
import { pageRoutes } from './paths/pages.ts';
import { paymentRoutes } from './paths/payments.ts';
import { reEnrolmentRoutes } from './paths/re-enrolment.ts';
import { registerRoutes } from './paths/registers.ts';
import { reportRoutes } from './paths/reports.ts';
import { settingsRoutes } from './paths/settings.ts';
import { systemRoutes } from './paths/system.ts';
import type { RouteDocs } from './route-doc.ts';

/**
 * Every route of the app, keyed by `METHOD path` exactly as Hono's route table spells it (the
 * same keys as api/test/sweep-samples.ts). A route added to the app without an entry here fails
 * api/openapi/openapi.test.ts, and so does an entry for a route that no longer exists.
 */
export const routeDocs: RouteDocs = {
  ...systemRoutes,
  ...accountRoutes,
  ...familyRoutes,
  ...householdRoutes,
  ...settingsRoutes,
  ...activityRoutes,
  ...customerRoutes,
  ...bookingRoutes,
  ...makeUpRoutes,
  ...reEnrolmentRoutes,
  ...registerRoutes,
  ...reportRoutes,
  ...paymentRoutes,
  ...fileRoutes,
  ...dataRightsRoutes,
  ...pageRoutes,
};

/** The order tags appear in the description and on the dashboard's reference page. */
export const TAGS: { name: string; description: string }[] = [
  { name: 'Sign-in and accounts', description: 'Sign-up, sign-in, sessions and password resets.' },
  {
    name: 'Organisation settings',
    description: 'The organisation, custom fields, venues, tabs and coaches.',
  },
  {
    name: 'Activities and prices',
    description: 'Activity groups, sessions, tickets, passes, discounts and refund rules.',
  },
  { name: 'Customers and attendees', description: 'Parents and their children.' },
  {
    name: 'Bookings',
    description: 'Baskets, holds, bookings and cancellations (docs/api/bookings.md).',
  },
  { name: 'Waitlists', description: 'Joining waitlists and offering places.' },
  {
    name: 'Registers',
    description: 'Session registers and check-in marks (docs/api/registers.md).',
  },
  {
    name: 'Reports and messages',
    description: 'The overview, CSV exports and e-mails to customers.',
  },
  { name: 'Payments', description: 'Stripe, subscription plans and childcare payment methods.' },
  { name: 'Files', description: 'Uploads and downloads.' },
  {
    name: 'Hosted pages',
    description: 'Booking pages on our origin, for organisers without a website.',
  },
  { name: 'System', description: 'Health checks and this description.' },
];
