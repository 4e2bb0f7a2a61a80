import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { scheduleHousekeeping } from './jobs/housekeeping.ts';
import { startWorker } from './jobs/queue.ts';
import { readMailSettings } from './mail/settings.ts';
import { scheduleReconcileSweep } from './payments/jobs.ts';
import { readStripeSettings } from './payments/stripe.ts';
import { sweepExpiredHolds } from './services/bookings/lifecycle.ts';

/** TRUST_PROXY: how many proxies append to X-Forwarded-For; unset or 0 trusts none. */
function readTrustProxy(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`TRUST_PROXY must be the number of proxy hops (0-10), not '${value}'.`);
  return hops;
}

/** ALLOWED_ORIGINS: comma-separated origins whose pages may write with the dashboard's cookie. */
function readOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
}

/** Everything the process takes from its environment, read in this one place. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    demoPort: Number(env.DEMO_PORT ?? 3001),
    databaseUrl: env.DATABASE_URL ?? resolve('data/classwise.db'),
    production: env.NODE_ENV === 'production',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    stripe: readStripeSettings(env),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    allowedOrigins: readOrigins(env.ALLOWED_ORIGINS),
    mail: readMailSettings({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    /** The demo's local SMTP catcher (used only when SMTP_URL is unset and not in production). */
    mailCatcherPort: Number(env.MAIL_CATCHER_PORT ?? 2525),
  };
}

export type ServerConfig = ReturnType<typeof readConfig>;

/**
 * Opens and migrates the database and starts serving. Returns a `stop` that lets in-flight
 * requests finish, then closes the database.
 */
export async function startServer(config: ServerConfig) {
  const handle = await openDatabase(config.databaseUrl);
  await migrateToLatest(handle.db);
  // Holds that ran out while no server was up are freed before anyone can book.
  await sweepExpiredHolds(handle.db, new Date());
  // The sweep for card payments whose webhook never came recurs from here (each run queues the
  // next); without Stripe keys there are no card payments and no handler for it.
  if (config.stripe) await scheduleReconcileSweep(handle.db, new Date());
  // Pruning what nothing reads any more recurs from here the same way.
  await scheduleHousekeeping(handle.db, new Date());
  const worker = startWorker(
    handle.db,
    jobHandlers({
      stripe: config.stripe,
      mail: { settings: config.mail, publicUrl: config.publicUrl },
    }),
  );
  const app = createApp(handle, {
    production: config.production,
    publicUrl: config.publicUrl,
    distDir: config.distDir,
    stripe: config.stripe,
    trustProxy: config.trustProxy,
    allowedOrigins: config.allowedOrigins,
  });
  const server = serve({ fetch: app.fetch, port: config.port });
  await new Promise<void>((done, fail) => {
    server.once('listening', done);
    server.once('error', fail);
  });
  const stop = () =>
    new Promise<void>((done) => {
      server.close(() =>
        worker
          .stop()
          .then(() => handle.close())
          .then(done, done),
      );
      // Idle keep-alive sockets would hold close() open forever; in-flight requests still finish.
      (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    });
  return { app, handle, server, stop };
}
