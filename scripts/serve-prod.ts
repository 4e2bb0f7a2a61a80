// First: what NODE_ENV says decides which build some libraries load (production/node-env.ts).
import './production/node-env.ts';
import { openDatabase } from '../api/db/connection.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { startServer } from '../api/server.ts';
import { missingBuiltFiles, staffWithDemoPassword } from './production/checks.ts';
import { productionConfigOrExit, withoutPassword } from './production/config.ts';

/*
 * npm run serve:prod: the production entry (docs/operations.md). Serves the front ends built by
 * `npm run build` and builds nothing, seeds nothing, starts no demo site. Refuses to start on a
 * bad configuration, without built files, or while a demo staff password published in the
 * README opens an admin or coach account. SIGTERM (or SIGINT) drains it: see startServer's stop.
 */
const config = productionConfigOrExit();

const refuse = (lines: string[]) => {
  if (lines.length === 0) return;
  for (const line of lines) console.error(line);
  process.exit(1);
};

refuse(missingBuiltFiles(config.distDir));

/** A database or port that fails at start ends the process with one line, not a stack trace. */
async function orExit<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    refuse([`Could not ${what}: ${(error as Error).message}`]);
    throw error;
  }
}

// Migrations run before the check, so a new database is checked (and found empty) too.
const demoStaff = await orExit(
  `open and migrate the database at ${withoutPassword(config.databaseUrl)}`,
  async () => {
    const check = await openDatabase(config.databaseUrl);
    try {
      await migrateToLatest(check.db);
      return await staffWithDemoPassword(check.db);
    } finally {
      await check.close();
    }
  },
);
if (demoStaff.length > 0)
  refuse([
    `A demo password published in the README opens ${demoStaff.length === 1 ? 'this staff account' : 'these staff accounts'}: ${demoStaff.join(', ')}.`,
    'Change it (Forgot password, or a database meant for the demo: use `npm start`) before serving in production.',
  ]);

const product = await orExit(`start serving on port ${config.port}`, () => startServer(config));
product.logger.info(
  {
    port: config.port,
    publicUrl: config.publicUrl,
    database: withoutPassword(config.databaseUrl),
    stripe: Boolean(config.stripe),
  },
  'Classwise is serving',
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  product.logger.info(
    { signal },
    'shutting down: finishing requests in flight and the running job',
  );
  await product.stop();
  product.logger.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
