import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig, startServer } from '../api/server.ts';
import { seedDemo } from '../scripts/seed.ts';
import { endWithBench } from './child-server.ts';
import { seedScale } from './seed-scale.ts';

/*
 * A product server on a fresh seeded SQLite file, in its own process so the load generator does
 * not share its event loop. BENCH_GROUPS and BENCH_BOOKINGS add that many activity groups and
 * past bookings (bench/seed-scale.ts) for the scale rows. Prints one JSON line with the port,
 * client and a group id.
 */
const dir = mkdtempSync(join(tmpdir(), 'classwise-bench-'));
const databaseUrl = join(dir, 'bench.db');
// BENCH_READ_CACHE_MS=0 builds every public read (the scale rows measure what a build costs).
const config = {
  ...readConfig({ PUBLIC_READ_CACHE_MS: process.env.BENCH_READ_CACHE_MS }),
  port: 0,
  databaseUrl,
};
const { server, handle, stop } = await startServer({
  ...config,
  port: Number(process.env.BENCH_PORT),
});
endWithBench(stop);
const { clientId } = await seedDemo(handle.db);
const groups = Number(process.env.BENCH_GROUPS ?? 0);
const bookings = Number(process.env.BENCH_BOOKINGS ?? 0);
if (groups > 0) await seedScale(handle.db, databaseUrl, clientId, { groups, bookings });
const group = await handle.db
  .selectFrom('activity_groups')
  .select('id')
  .where('client_id', '=', clientId)
  .executeTakeFirstOrThrow();
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ port, clientId, groupId: group.id }));
