import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInbox } from '../api/mail/testing.ts';
import {
  basket,
  createCamp,
  manyParents,
  type Parent,
  premiumOrganiser,
} from '../api/routes/bookings.fixtures.ts';
import { createOrganiser } from '../api/services/organisers.ts';
import { sharedDatabase } from '../api/test/shared-database.ts';
import {
  fakeDist,
  freePort,
  type Running,
  run,
  waitUntilReady,
} from './production/process.testing.ts';
import { DEMO } from './seed.ts';

/*
 * The production entry as an operator runs it: a separate process on a database (SQLite file,
 * or PostgreSQL with TEST_DATABASE_URL), configured only through its environment.
 */

const scratch = mkdtempSync(join(tmpdir(), 'classwise-prod-'));
const dist = fakeDist(join(scratch, 'dist'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const lines = (text: string) => text.trim().split('\n').filter(Boolean);

describe('npm run serve:prod refuses to start', () => {
  it('on a bad configuration: one line per problem, exit code 1', async () => {
    const prod = run('scripts/serve-prod.ts', {
      DATABASE_URL: 'mysql://db.example.com/classwise',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      SMTP_URL: 'smtp//mail.example.com',
      TRUST_PROXY: 'all',
      DIST_DIR: dist,
    });
    expect(await prod.exited).toBe(1);
    expect(lines(prod.stderr()).toSorted()).toEqual(
      [
        'config: DATABASE_URL must be a SQLite file path (e.g. data/classwise.db) or a postgres://user@host:5432/database URL naming a database.',
        'config: Set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET for card payments, or none of them.',
        'config: SMTP_URL must be an smtp:// or smtps:// URL with a host (e.g. smtps://user:password@smtp.example.com:465).',
        'config: TRUST_PROXY must be the number of proxy hops (0-10).',
        'config: PUBLIC_URL is required in production: the address people open (https://…).',
      ].toSorted(),
    );
    expect(prod.stdout()).toBe('');
  });

  it('without the built front ends', async () => {
    const prod = run('scripts/serve-prod.ts', {
      DATABASE_URL: join(scratch, 'unused.db'),
      PUBLIC_URL: 'https://book.example.com',
      SMTP_URL: 'smtp://127.0.0.1:1',
      DIST_DIR: join(scratch, 'not-built'),
    });
    expect(await prod.exited).toBe(1);
    expect(lines(prod.stderr())).toEqual([
      `${join(scratch, 'not-built')} is not built (missing dashboard/index.html, pay/index.html, widget/widget.js, embed/embed.js): run \`npm run build\` before \`npm run serve:prod\`.`,
    ]);
  });

  it('while a demo password published in the README opens any staff account', async () => {
    const shared = await sharedDatabase();
    try {
      await createOrganiser(shared.ctx.handle.db, {
        organisationName: 'Copied Club',
        fullName: 'Casey Copy',
        email: 'casey@club.test',
        password: DEMO.admin.password,
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
      });
      const prod = run('scripts/serve-prod.ts', {
        DATABASE_URL: shared.url,
        PUBLIC_URL: 'https://book.example.com',
        SMTP_URL: 'smtp://127.0.0.1:1',
        PORT: String(await freePort()),
        DIST_DIR: dist,
      });
      expect(await prod.exited).toBe(1);
      expect(lines(prod.stderr())[0]).toBe(
        'A demo password published in the README opens this staff account: casey@club.test.',
      );
    } finally {
      await shared.cleanup();
    }
  });
});

describe('npm run serve:prod on a database', () => {
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  let prod: Running;
  let origin: string;
  let env: Record<string, string>;
  const adminPassword = 'a-long-operator-passphrase-9';

  beforeAll(async () => {
    shared = await sharedDatabase();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: shared.url,
      PUBLIC_URL: origin,
      PORT: String(port),
      SMTP_URL: 'smtp://127.0.0.1:1',
      DIST_DIR: dist,
    };
  });
  afterAll(async () => {
    if (prod && prod.proc.exitCode === null) {
      prod.proc.kill('SIGKILL');
      await prod.exited;
    }
    await shared.cleanup();
  });

  it('create-organiser makes the first organiser and admin, the password read from stdin', async () => {
    const create = run('scripts/create-organiser.ts', env, [
      '--organisation',
      'Riverside Swim Club',
      '--name',
      'Jo Operator',
      '--email',
      'jo@riverside.test',
    ]);
    create.proc.stdin!.end(`${adminPassword}\n`);
    expect(await create.exited).toBe(0);
    expect(create.stdout()).toContain("Created organiser 'Riverside Swim Club'");
    expect(create.stdout() + create.stderr()).not.toContain(adminPassword);
    const admin = await shared.ctx.handle.db
      .selectFrom('users')
      .innerJoin('clients', 'clients.id', 'users.client_id')
      .select(['users.role', 'clients.name'])
      .where('users.email', '=', 'jo@riverside.test')
      .executeTakeFirstOrThrow();
    expect(admin).toEqual({ role: 'admin', name: 'Riverside Swim Club' });
  });

  it('starts with no demo data, passes readiness and logs one JSON line per request without secrets', async () => {
    prod = run('scripts/serve-prod.ts', env);
    await waitUntilReady(origin, prod);
    const clients = await shared.ctx.handle.db.selectFrom('clients').select('name').execute();
    expect(clients.map((c) => c.name)).toEqual(['Riverside Swim Club']);
    expect((await fetch(`${origin}/api/health/live`)).status).toBe(200);

    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jo@riverside.test', password: adminPassword }),
    });
    expect(login.status).toBe(200);
    const session = (await login.json()).data.token as string;
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(session);

    const org = await premiumOrganiser(shared.ctx);
    await shared.ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
    const camp = await createCamp(shared.ctx, org, { placeLimit: null, name: 'Log camp' });
    const [parent] = await manyParents(shared.ctx, org.clientId, 1);
    const booked = await fetch(`${origin}/api/bookings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${parent!.token}`,
        'x-request-id': 'balancer-id-1',
      },
      body: JSON.stringify(
        basket(
          camp._id,
          { ticket: camp.day, activities: [camp.sessions[0]!], attendees: parent!.children },
          { paymentMethod: { type: 'payLater' } },
        ),
      ),
    });
    expect(booked.status).toBe(201);
    expect(booked.headers.get('x-request-id')).toBe('balancer-id-1');
    await new Promise((done) => setTimeout(done, 100));

    const output = prod.stdout();
    const entries = lines(output).map((line) => JSON.parse(line));
    const requests = entries.filter((e) => e.req);
    const loginLine = requests.find((e) => e.req.path === '/api/auth/login');
    expect(loginLine).toMatchObject({ req: { method: 'POST' }, res: { status: 200 } });
    expect(typeof loginLine.reqId).toBe('string');
    expect(typeof loginLine.responseTime).toBe('number');
    const bookingLine = requests.find((e) => e.req.path === '/api/bookings');
    expect(bookingLine).toMatchObject({ reqId: 'balancer-id-1', res: { status: 201 } });
    for (const secret of [adminPassword, session, parent!.token, 'Bearer', 'authorization'])
      expect(output).not.toContain(secret);
    expect(output.toLowerCase()).not.toContain('cookie');
    expect(prod.stderr()).toBe('');
  });

  it('on SIGTERM mid-load drains, finishes what it accepted and loses no booking, then exits 0', async () => {
    const org = await premiumOrganiser(shared.ctx);
    await shared.ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
    const camp = await createCamp(shared.ctx, org, { placeLimit: null, name: 'Shutdown camp' });
    const parents = await manyParents(shared.ctx, org.clientId, 61);
    let signalled = false;
    let answeredAfterSignal = 0;
    // Each booking on its own new connection (as from many browsers), so what is tested is the
    // shutdown, not a reused keep-alive socket that the server's idle timeout closes meanwhile.
    const book = (p: Parent) =>
      new Promise<{ userId: string; status: number; error: string | null }>((done) => {
        const body = JSON.stringify(
          basket(
            camp._id,
            { ticket: camp.day, activities: [camp.sessions[1]!], attendees: p.children },
            { paymentMethod: { type: 'payLater' } },
          ),
        );
        const req = request(
          `${origin}/api/bookings`,
          {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (signalled) answeredAfterSignal += 1;
              done({ userId: p.userId, status: res.statusCode ?? 0, error: null });
            });
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) =>
          done({ userId: p.userId, status: 0, error: error.code ?? String(error) }),
        );
        req.end(body);
      });
    const wave = parents.slice(0, 60).map(book);
    await Promise.race(wave);
    prod.proc.kill('SIGTERM');
    signalled = true;
    // Draining: still answering, but no longer ready, so a balancer sends new work elsewhere.
    while (!prod.stdout().includes('shutting down'))
      await new Promise((done) => setTimeout(done, 10));
    const ready = await fetch(`${origin}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    const results = await Promise.all(wave);
    expect(await prod.exited).toBe(0);
    expect(prod.stdout()).toContain('"msg":"stopped cleanly"');
    // Gone: a new request is refused at connect time, never half-done.
    const after = await book(parents[60]!);
    expect(after.error).toBe('ECONNREFUSED');

    // Every request was answered 201, or refused at the door: reset or refused while still
    // waiting to be accepted (a machine too busy to take them within the drain window).
    expect(
      results.filter((r) => r.status !== 201 && !['ECONNRESET', 'ECONNREFUSED'].includes(r.error!)),
    ).toEqual([]);
    // Requests in flight at the signal were finished, not dropped.
    expect(answeredAfterSignal).toBeGreaterThan(0);
    const rows = await shared.ctx.handle.db
      .selectFrom('bookings')
      .select('user_id')
      .where(
        'user_id',
        'in',
        parents.map((p) => p.userId),
      )
      .execute();
    // No booking without its 201 (nothing accepted was cut off), no 201 without its booking.
    expect(rows.map((r) => r.user_id).toSorted()).toEqual(
      results
        .filter((r) => r.status === 201)
        .map((r) => r.userId)
        .toSorted(),
    );
  }, 60_000);
});

describe('two production processes on one database', () => {
  it('sell exactly the places there are, and each confirmation is sent once', async () => {
    const shared = await sharedDatabase();
    const inbox = await startTestInbox();
    const procs: Running[] = [];
    try {
      const org = await premiumOrganiser(shared.ctx);
      await shared.ctx.handle.db
        .updateTable('clients')
        .set({ allow_pay_later: 1 })
        .where('id', '=', org.clientId)
        .execute();
      const camp = await createCamp(shared.ctx, org, { placeLimit: 10, name: 'Two-process camp' });
      const parents = await manyParents(shared.ctx, org.clientId, 40);
      const origins: string[] = [];
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const origin = `http://127.0.0.1:${port}`;
        const proc = run('scripts/serve-prod.ts', {
          DATABASE_URL: shared.url,
          PUBLIC_URL: origin,
          PORT: String(port),
          SMTP_URL: inbox.url,
          DIST_DIR: dist,
        });
        procs.push(proc);
        origins.push(origin);
      }
      await Promise.all(procs.map((proc, i) => waitUntilReady(origins[i]!, proc)));

      const results = await Promise.all(
        parents.map(async (p, i) => {
          const res = await fetch(`${origins[i % 2]}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
            body: JSON.stringify(
              basket(
                camp._id,
                { ticket: camp.day, activities: [camp.sessions[2]!], attendees: p.children },
                { paymentMethod: { type: 'payLater' } },
              ),
            ),
          });
          await res.arrayBuffer();
          return { userId: p.userId, status: res.status };
        }),
      );
      const created = results.filter((r) => r.status === 201);
      expect(created).toHaveLength(10);
      expect(results.filter((r) => r.status === 409)).toHaveLength(30);

      // Both processes' workers poll the queue (every 5 s); each confirmation goes out once.
      // The polls rarely coincide, so the claim under contention is proven where both workers
      // hammer one queue (api/jobs/queue-processes.test.ts); this is the whole path end to end.
      const emails = await shared.ctx.handle.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where(
          'id',
          'in',
          created.map((r) => r.userId),
        )
        .execute();
      const until = Date.now() + 30_000;
      while (inbox.received.length < emails.length && Date.now() < until)
        await new Promise((done) => setTimeout(done, 200));
      // Two more polls of each worker: nothing is sent a second time.
      await new Promise((done) => setTimeout(done, 6_000));
      const to = inbox.received.map(
        (mail) => (mail.to as { value: { address: string }[] }).value[0]!.address,
      );
      expect(to.toSorted()).toEqual(emails.map((u) => u.email).toSorted());

      for (const proc of procs) proc.proc.kill('SIGTERM');
      expect(await Promise.all(procs.map((proc) => proc.exited))).toEqual([0, 0]);
    } finally {
      for (const proc of procs) if (proc.proc.exitCode === null) proc.proc.kill('SIGKILL');
      await inbox.close();
      await shared.cleanup();
    }
  }, 90_000);
});
