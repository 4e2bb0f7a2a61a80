import { spawnSync } from 'node:child_process';
import pg from 'pg';

/*
 * npm run test:pg: the API suite again, on PostgreSQL. Each test file creates and drops its own
 * database on this server (TEST_DATABASE_URL), so runs never see each other's rows.
 */
const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: server });
try {
  await probe.connect();
  await probe.end();
} catch (error) {
  console.error(`\nPostgreSQL is not reachable at ${server}: ${(error as Error).message}`);
  console.error('Start it (pg_ctlcluster … main start) or set TEST_DATABASE_URL.\n');
  process.exit(1);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: server },
});
process.exit(result.status ?? 1);
