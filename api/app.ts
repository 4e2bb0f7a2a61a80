import { Hono } from 'hono';
import type { AppConfig, AppEnv } from './context.ts';
import type { DbHandle } from './db/connection.ts';
import { refuseUnstorableUrl } from './http/validate.ts';
import { requestLog } from './log/request-log.ts';
import { resolveCaller } from './middleware/auth.ts';
import { limitBodies } from './middleware/body-limit.ts';
import { noStore, publicRead } from './middleware/caching.ts';
import { coachScope } from './middleware/coach-scope.ts';
import { compressResponses } from './middleware/compress.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { onError, onNotFound } from './middleware/errors.ts';
import { boundHeaders } from './middleware/header-bounds.ts';
import { createPublicReadCache } from './middleware/public-read-cache.ts';
import { apiCors, securityHeaders } from './middleware/security.ts';
import { openApi } from './openapi/route.ts';
import { accountAreaPage } from './routes/account-area-page.tsx';
import { accountPages } from './routes/account-pages.tsx';
import { activityGroups } from './routes/activity-groups.ts';
import { attendees } from './routes/attendees.ts';
import { auditEvents } from './routes/audit-events.ts';
import { auth } from './routes/auth.ts';
import { bookings } from './routes/bookings.ts';
import { cancellationRules } from './routes/cancellation-rules.ts';
import { childcareFundingAccounts } from './routes/childcare-funding-accounts.ts';
import { childcareVoucherProviders } from './routes/childcare-voucher-providers.ts';
import { client } from './routes/client.ts';
import { coaches } from './routes/coaches.ts';
import { customerData } from './routes/customer-data.ts';
import { discountRules } from './routes/discount-rules.ts';
import { exportRoutes } from './routes/exports.ts';
import { fields } from './routes/fields.ts';
import { fileUploads } from './routes/file-uploads.ts';
import { asset, publicFiles } from './routes/files.ts';
import { health } from './routes/health.ts';
import { homeTabs } from './routes/home-tabs.ts';
import { bookPages, listingPages } from './routes/hosted-pages.tsx';
import { adminHousehold, householdAuth, userHousehold } from './routes/households.ts';
import { makeUps } from './routes/make-ups.ts';
import { messagesRoutes } from './routes/messages.ts';
import { organisers } from './routes/organisers.ts';
import { overview } from './routes/overview.ts';
import { paymentMethods } from './routes/payment-methods.ts';
import { paymentSchedules } from './routes/payment-schedules.ts';
import { reEnrolmentRoutes } from './routes/re-enrolment.ts';
import { registers } from './routes/registers.ts';
import { sessionPasses } from './routes/session-passes.ts';
import { stripeRoutes } from './routes/stripe.ts';
import { subscriptionPlans } from './routes/subscription-plans.ts';
import { trials } from './routes/trials.ts';
import { userAttendees } from './routes/user-attendees.ts';
import { users } from './routes/users.ts';
import { venues } from './routes/venues.ts';
import { waitlists } from './routes/waitlists.ts';
import { widgetStart } from './routes/widget-start.ts';
import { staticRoutes } from './static.ts';

/**
 * The whole HTTP surface, with no server and no environment: tests drive it with `app.request`.
 *
 * @example const app = createApp(await openDatabase(':memory:'), { production: false, publicUrl });
 */
export function createApp(handle: DbHandle, config: AppConfig) {
  const readCache = createPublicReadCache({ ttlMs: config.publicReadCacheMs ?? 0 });
  const publicReads = [...publicRead, readCache.read];
  const api = new Hono<AppEnv>()
    .use(apiCors)
    .use(refuseUnstorableUrl)
    // Before anything reads a body or queries the database: size, then origin, then headers.
    .use(limitBodies)
    .use(csrfGuard)
    .use(boundHeaders)
    .use(resolveCaller)
    // A coach reaches registers and nothing else, whatever route is added below.
    .use(coachScope)
    .use(readCache.dropOnWrite)
    // Before the routes they wrap: cacheable public reads, and booking steps that never are.
    .use('/activity-groups/full-list', ...publicReads)
    .use('/activity-groups/listing', ...publicReads)
    .use('/activity-groups/:id/public', ...publicReads)
    .use('/client', ...publicReads)
    .use('/widget-start', ...publicReads)
    .use('/bookings/*', noStore)
    .route('/health', health)
    .route('/openapi.json', openApi)
    .route('/organisers', organisers)
    .route('/auth', auth)
    .route('/auth', householdAuth)
    .route('/client', client)
    .route('/widget-start', widgetStart)
    .route('/users', adminHousehold)
    .route('/users', users)
    .route('/fields', fields)
    .route('/activity-groups', activityGroups)
    .route('/venues', venues)
    .route('/home-tabs', homeTabs)
    .route('/discount-rules', discountRules)
    .route('/session-passes', sessionPasses)
    .route('/payment-schedules', paymentSchedules)
    .route('/cancellation-rules', cancellationRules)
    .route('/subscription-plans', subscriptionPlans)
    .route('/user/attendees', userAttendees)
    .route('/user/household', userHousehold)
    .route('/attendees', attendees)
    .route('/waitlists', waitlists)
    .route('/trials', trials)
    .route('/re-enrolments', reEnrolmentRoutes)
    .route('/bookings', bookings)
    .route('/overview', overview)
    .route('/exports', exportRoutes)
    .route('/messages', messagesRoutes)
    .route('/registers', registers)
    .route('/coaches', coaches)
    .route('/customers', customerData)
    .route('/audit-events', auditEvents)
    .route('/file-uploads', fileUploads)
    .route('/asset', asset)
    .route('/files', publicFiles)
    .route('/stripe', stripeRoutes)
    .route('/payment-methods', paymentMethods)
    .route('/childcare-voucher-providers', childcareVoucherProviders)
    .route('/childcare-funding-accounts', childcareFundingAccounts)
    .route('/make-ups', makeUps);
  // A bad JSON body or wrong method inside /api must answer in the wire format, never HTML.
  api.notFound(onNotFound);

  const app = new Hono<AppEnv>();
  // First, so every request's line has its id and full duration, whatever answers it.
  if (config.logger) app.use(requestLog(config.logger));
  app.use(async (c, next) => {
    c.set('db', handle.db);
    c.set('dialect', handle.dialect);
    c.set('config', config);
    c.set('caller', null);
    await next();
  });
  app.use(compressResponses);
  app.use(securityHeaders);
  app.route('/api', api);
  app.route('/account', accountPages);
  app.route('/account', accountAreaPage);
  app.route('/book', bookPages);
  app.route('/listing', listingPages);
  if (config.distDir) app.route('/', staticRoutes(config.distDir));
  app.onError(onError);
  app.notFound(onNotFound);
  return app;
}

export type App = ReturnType<typeof createApp>;
