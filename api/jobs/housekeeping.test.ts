import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';
import { HOUSEKEEPING_JOB, housekeepingJobHandlers, scheduleHousekeeping } from './housekeeping.ts';
import { enqueue, runDueJobs } from './queue.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const HOUR = 3600 * 1000;

async function uploadImage(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new File([PNG], 'photo.png'));
  const res = await ctx.app.request('/api/file-uploads/file-upload-image', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()).data._id;
}

const backdate = (id: string, iso: string) =>
  ctx.handle.db.updateTable('files').set({ created_at: iso }).where('id', '=', id).execute();

const fileIds = async () =>
  (await ctx.handle.db.selectFrom('files').select('id').execute()).map((r) => r.id).sort();
const contentIds = async () =>
  (await ctx.handle.db.selectFrom('file_contents').select('file_id').execute())
    .map((r) => r.file_id)
    .sort();

describe('housekeeping', () => {
  it('deletes uploads never attached after 24 hours, keeps attached and recent ones', async () => {
    const org = await signUpOrganiser(ctx);
    const parent = await registerCustomer(ctx, org.clientId);
    const now = new Date();
    const abandoned = await uploadImage(parent.token);
    const recent = await uploadImage(parent.token);
    const attached = await uploadImage(parent.token);
    await ctx.handle.db
      .updateTable('files')
      .set({ is_temporary: 0 })
      .where('id', '=', attached)
      .execute();
    await backdate(abandoned, new Date(now.getTime() - 25 * HOUR).toISOString());
    await backdate(attached, new Date(now.getTime() - 25 * HOUR).toISOString());
    await backdate(recent, new Date(now.getTime() - 23 * HOUR).toISOString());

    await enqueue(ctx.handle.db, HOUSEKEEPING_JOB, {}, { runAt: now });
    await runDueJobs(ctx.handle.db, housekeepingJobHandlers(), now);

    expect(await fileIds()).toEqual([attached, recent].sort());
    expect(await contentIds()).toEqual([attached, recent].sort());
    const gone = await ctx.app.request(`/api/asset?fileId=${abandoned}`, {
      headers: { authorization: `Bearer ${parent.token}` },
    });
    expect(gone.status).toBe(404);
  });

  it('prunes expired tokens, old finished jobs, old rate-limit rows and unused idempotency keys', async () => {
    const db = ctx.handle.db;
    const org = await signUpOrganiser(ctx);
    const parent = await registerCustomer(ctx, org.clientId);
    const now = new Date('2040-06-01T12:00:00Z');
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', parent.email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('auth_tokens')
      .values([
        {
          token_hash: 'expired',
          client_id: org.clientId,
          user_id: user.id,
          expires_at: ago(1),
          created_at: ago(800),
        },
        {
          token_hash: 'valid',
          client_id: org.clientId,
          user_id: user.id,
          expires_at: ago(-1),
          created_at: ago(1),
        },
      ])
      .execute();
    const job = (id: string, status: 'done' | 'failed' | 'queued', runAt: string) => ({
      id,
      name: 'old-work',
      payload: '{}',
      run_at: runAt,
      status,
      attempts: 1,
      locked_until: null,
      last_error: null,
      dedupe_key: null,
      created_at: runAt,
    });
    await db
      .insertInto('jobs')
      .values([
        job('done-old', 'done', ago(8 * 24)),
        job('done-recent', 'done', ago(24)),
        job('failed-old', 'failed', ago(31 * 24)),
        job('failed-recent', 'failed', ago(8 * 24)),
        job('queued-old', 'queued', ago(31 * 24 * 2)),
      ])
      .execute();
    const ms = now.getTime();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'old-window', window_start: ms - 49 * HOUR, count: 3 },
        { key: 'live-window', window_start: ms - HOUR, count: 3 },
      ])
      .execute();
    const key = (k: string, created: string) => ({
      client_id: org.clientId,
      user_id: user.id,
      key: k,
      fingerprint: 'f',
      created_at: created,
    });
    await db
      .insertInto('idempotency_keys')
      .values([key('unused-old', ago(25)), key('unused-recent', ago(1))])
      .execute();

    await scheduleHousekeeping(db, now);
    await runDueJobs(db, housekeepingJobHandlers(), now);

    const tokens = (await db.selectFrom('auth_tokens').select('token_hash').execute()).map(
      (r) => r.token_hash,
    );
    expect(tokens).not.toContain('expired');
    expect(tokens).toContain('valid');
    const jobs = (await db.selectFrom('jobs').select('id').where('name', '=', 'old-work').execute())
      .map((r) => r.id)
      .sort();
    expect(jobs).toEqual(['done-recent', 'failed-recent', 'queued-old']);
    const limits = (await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(limits).not.toContain('old-window');
    expect(limits).toContain('live-window');
    const keys = (await db.selectFrom('idempotency_keys').select('key').execute()).map(
      (r) => r.key,
    );
    expect(keys).toEqual(['unused-recent']);
    // The run queued the next one, an hour on.
    const next = await db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('name', '=', HOUSEKEEPING_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(next.map((j) => j.run_at)).toContain(new Date(now.getTime() + HOUR).toISOString());
  });
});
