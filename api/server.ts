import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { DestinationStream } from 'pino';
import { createApp } from './app.ts';
import { parseEnv } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { flushLaterHits } from './db/repositories/rate-limits.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { scheduleHousekeeping } from './jobs/housekeeping.ts';
import { type JobHandler, startWorker } from './jobs/queue.ts';
import { createLogger } from './log/logger.ts';
import { scheduleDailyDigests } from './mail/daily-digest.ts';
import { scheduleSessionReminders } from './mail/session-reminders.ts';
import { readMailSettings } from './mail/settings.ts';
import { scheduleReconcileSweep } from './payments/jobs.ts';
import { readStripeSettings } from './payments/stripe.ts';
import { sweepExpiredHolds } from './services/bookings/lifecycle.ts';
import { scheduleTrialFollowUps } from './services/trials.ts';

/**
 * Everything the process takes from its environment, read and validated in this one place
 * (api/config.ts): a wrong value throws a ConfigError naming every problem, one line each.
 * `production: true` is the production entry: production behaviour whatever NODE_ENV says, and
 * the variables it cannot guess are required. NODE_ENV=production alone (e.g. the demo behind
 * HTTPS) gives production behaviour with the demo's defaults.
 */
export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  { production: entry = false }: { production?: boolean } = {},
) {
  const valid = parseEnv(env, { production: entry });
  const production = entry || valid.NODE_ENV === 'production';
  const port = valid.PORT ?? 3000;
  return {
    port,
    demoPort: valid.DEMO_PORT ?? 3001,
    databaseUrl: valid.DATABASE_URL ?? resolve('data/classwise.db'),
    production,
    publicUrl: valid.PUBLIC_URL ?? `http://localhost:${port}`,
    distDir: resolve(valid.DIST_DIR ?? 'dist'),
    // Validation guarantees all three keys or none, so this never warns.
    stripe: readStripeSettings({
      STRIPE_SECRET_KEY: valid.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: valid.STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: valid.STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: valid.STRIPE_API_BASE,
    }),
    trustProxy: valid.TRUST_PROXY ?? 0,
    allowedOrigins: (valid.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => new URL(origin).origin),
    mail: readMailSettings({ smtpUrl: valid.SMTP_URL, from: valid.MAIL_FROM }),
    /** The demo's local SMTP catcher (used only when SMTP_URL is unset and not in production). */
    mailCatcherPort: valid.MAIL_CATCHER_PORT ?? 2525,
    /** Production logs every request and failing jobs; the demo and tests only errors. */
    logLevel: valid.LOG_LEVEL ?? (production ? 'info' : 'error'),
    /** Where log lines go; tests pass a stream to read them. */
    logDestination: undefined as DestinationStream | undefined,
    /**
     * After SIGTERM, how long the process keeps serving while readiness answers 503, so a
     * balancer takes it out of rotation and connections already queued are still answered.
     */
    drainMs: (valid.SHUTDOWN_DRAIN_SECONDS ?? (production ? 1 : 0)) * 1000,
    /** Then how long it waits for requests in flight and the running job before cutting them. */
    shutdownMs: (valid.SHUTDOWN_TIMEOUT_SECONDS ?? 25) * 1000,
    /** How long an anonymous public read is answered from memory (0: never). */
    publicReadCacheMs: valid.PUBLIC_READ_CACHE_MS ?? 1000,
  };
}

export type ServerConfig = ReturnType<typeof readConfig>;

/**
 * Opens and migrates the database and starts serving. `stop` is the graceful shutdown: readiness
 * turns 503 and answers close their connections for `drainMs`, then the listener closes (no new
 * connections), requests in flight and the running job finish, and the database closes. Past
 * `shutdownMs` the remaining connections are cut.
 */
export async function startServer(config: ServerConfig) {
  const logger = createLogger({ level: config.logLevel, destination: config.logDestination });
  const handle = await openDatabase(config.databaseUrl);
  await migrateToLatest(handle.db);
  // Holds that ran out while no server was up are freed before anyone can book.
  await sweepExpiredHolds(handle.db, new Date());
  // The sweep for card payments whose webhook never came recurs from here (each run queues the
  // next); without Stripe keys there are no card payments and no handler for it.
  if (config.stripe) await scheduleReconcileSweep(handle.db, new Date());
  // Pruning what nothing reads any more recurs from here the same way.
  await scheduleHousekeeping(handle.db, new Date());
  // The hourly sweep that writes tomorrow's session reminders recurs from here the same way.
  await scheduleSessionReminders(handle.db, new Date());
  await scheduleDailyDigests(handle.db, new Date());
  // The sweep that e-mails the offer after each trial session (docs/rules/trials.md).
  await scheduleTrialFollowUps(handle.db, new Date());
  const handlers = jobHandlers({
    stripe: config.stripe,
    mail: { settings: config.mail, publicUrl: config.publicUrl },
  });
  // A failing job is retried from the queue (its error kept there); the log says so with the
  // stack, but not the payload, which can hold customers' details.
  const logged = Object.fromEntries(
    Object.entries(handlers).map(([job, handler]): [string, JobHandler] => [
      job,
      async (payload, context) => {
        try {
          await handler(payload, context);
        } catch (err) {
          logger.warn({ err, job }, 'job failed; it will be retried');
          throw err;
        }
      },
    ]),
  );
  const worker = startWorker(handle.db, logged, {
    onError: (err: unknown) => logger.error({ err }, 'job worker failed'),
  });
  let draining = false;
  const app = createApp(handle, {
    production: config.production,
    publicUrl: config.publicUrl,
    distDir: config.distDir,
    stripe: config.stripe,
    trustProxy: config.trustProxy,
    allowedOrigins: config.allowedOrigins,
    logger,
    draining: () => draining,
    publicReadCacheMs: config.publicReadCacheMs,
  });
  const server = serve({ fetch: app.fetch, port: config.port });
  await new Promise<void>((done, fail) => {
    server.once('listening', done);
    server.once('error', fail);
  });
  // While draining, every answer closes its connection: keep-alive clients reconnect, and reach
  // another process rather than a socket about to close under them.
  server.prependListener('request', (_req, res) => {
    if (draining) res.setHeader('Connection', 'close');
  });
  const http = server as typeof server & {
    closeIdleConnections?: () => void;
    closeAllConnections?: () => void;
  };
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      draining = true;
      await new Promise((done) => setTimeout(done, config.drainMs));
      const closed = new Promise<void>((done) => server.close(() => done()));
      // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
      http.closeIdleConnections?.();
      const late = setTimeout(() => {
        logger.warn('shutdown: requests still running after the grace period, cutting them');
        http.closeAllConnections?.();
      }, config.shutdownMs);
      late.unref();
      await Promise.all([closed, worker.stop()]);
      // Refused attempts counted a moment ago are written before the database closes.
      await flushLaterHits();
      clearTimeout(late);
      await handle.close();
      logger.flush?.();
    })();
    return stopped;
  };
  return { app, handle, server, stop, logger };
}
