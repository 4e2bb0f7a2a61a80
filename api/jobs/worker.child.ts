import { appendFileSync } from 'node:fs';
import { openDatabase } from '../db/connection.ts';
import { enqueue, runDueJobs } from './queue.ts';

/*
 * One "API process" of the two-process job test: queues the same jobs the other process queues
 * (one per dedupe key), then works the queue with the real claim until nothing is due. Each run
 * of a job appends "<n> <pid>" to the log file, so the test sees every run from both processes.
 * Run: node --import tsx api/jobs/worker.child.ts '{"url":…,"log":…,"count":60}'
 */
const { url, log, count } = JSON.parse(process.argv[2]!) as {
  url: string;
  log: string;
  count: number;
};
const handle = await openDatabase(url);
for (let n = 0; n < count; n++)
  await enqueue(handle.db, 'note-run', { n }, { dedupeKey: `note-run:${n}` });
let ran = 0;
for (;;) {
  const now = new Date();
  const done = await runDueJobs(
    handle.db,
    {
      'note-run': async ({ n }: { n: number }) => {
        appendFileSync(log, `${n} ${process.pid}\n`);
        // Long enough for the other process to try to claim the same job meanwhile.
        await new Promise((done) => setTimeout(done, 5));
      },
    },
    now,
  );
  ran += done;
  if (done === 0) break;
}
await handle.close();
console.log(JSON.stringify({ ran }));
