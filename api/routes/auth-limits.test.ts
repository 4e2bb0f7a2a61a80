import { scrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

/*
 * Sign-in and sign-up limits against a caller who changes X-Forwarded-For or their address:
 * requests come from a socket address here, passed the way @hono/node-server passes it.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type From = { address: string; headers?: Record<string, string>; trustProxy?: number };

async function send(from: From, path: string, body: unknown, clientId?: string) {
  const app =
    from.trustProxy === undefined
      ? ctx.app
      : createApp(ctx.handle, {
          production: false,
          publicUrl: 'http://localhost:3000',
          trustProxy: from.trustProxy,
        });
  const response = await app.request(
    path,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(clientId ? { 'x-client-id': clientId } : {}),
        ...from.headers,
      },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: from.address } } },
  );
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const registration = (email: string) => ({
  fullName: 'Rita Rotate',
  email,
  password: 'parent-pass',
  confirmPassword: 'parent-pass',
});

describe('addresses are the socket, unless a proxy is configured', () => {
  it('a changing X-Forwarded-For does not get round the registration limit', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await send(
        { address: '198.51.100.7', headers: { 'x-forwarded-for': `10.0.${i}.1` } },
        '/api/auth/register',
        registration(`spoof${i}@home.test`),
        clientId,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Another real address is not affected.
    const other = await send(
      { address: '198.51.100.8' },
      '/api/auth/register',
      registration('other@home.test'),
      clientId,
    );
    expect(other.status).toBe(201);
  });

  it('with TRUST_PROXY=1 the proxy-written (last) entry counts, not what the client wrote', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const proxy = '192.0.2.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // The client sends a made-up first entry; our proxy appends the real address.
      const res = await send(
        {
          address: proxy,
          trustProxy: 1,
          headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.9` },
        },
        '/api/auth/register',
        registration(`proxied${i}@home.test`),
        clientId,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    // A different client behind the same proxy is counted apart.
    const neighbour = await send(
      { address: proxy, trustProxy: 1, headers: { 'x-forwarded-for': '203.0.113.10' } },
      '/api/auth/register',
      registration('neighbour@home.test'),
      clientId,
    );
    expect(neighbour.status).toBe(201);
  });

  it('counts an IPv6 caller per /64, so rotating within it does not help', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await send(
        { address: `2001:db8:aa:bb::${(i + 1).toString(16)}` },
        '/api/auth/register',
        registration(`six${i}@home.test`),
        clientId,
      );
      statuses.push(res.status);
    }
    expect(statuses[19]).toBe(201);
    expect(statuses[20]).toBe(429);
  });

  it('limits attempts on one e-mail from many addresses', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await send(
        { address: `198.51.100.${100 + i}` },
        '/api/auth/register',
        registration('same@home.test'),
        clientId,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });
});

describe('wrong passwords count per account and address', () => {
  it('an attacker elsewhere cannot lock the owner out; the attacker waits longer each time', async () => {
    const { email } = await signUpOrganiser(ctx);
    const attacker = { address: '203.0.113.66' };
    const owner = { address: '198.51.100.20' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await send(attacker, '/api/auth/login', { email, password: `guess-${i}-pass` });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Changing X-Forwarded-For does not give the attacker a new address.
    const spoofed = await send(
      { ...attacker, headers: { 'x-forwarded-for': '198.51.100.20' } },
      '/api/auth/login',
      { email, password: 'correct horse' },
    );
    expect(spoofed.status).toBe(429);
    // The owner, at home, signs in at once.
    const mine = await send(owner, '/api/auth/login', { email, password: 'correct horse' });
    expect(mine.status).toBe(200);
    expect(mine.body.data.user.role).toBe('admin');
  });

  it("a right password clears the address's run of failures", async () => {
    const { email } = await signUpOrganiser(ctx);
    const home = { address: '198.51.100.21' };
    for (let i = 0; i < 4; i++)
      expect(
        (await send(home, '/api/auth/login', { email, password: `typo-${i}-pass` })).status,
      ).toBe(401);
    expect((await send(home, '/api/auth/login', { email, password: 'correct horse' })).status).toBe(
      200,
    );
    for (let i = 0; i < 4; i++)
      expect(
        (await send(home, '/api/auth/login', { email, password: `typo-${i}-again` })).status,
      ).toBe(401);
    expect((await send(home, '/api/auth/login', { email, password: 'correct horse' })).status).toBe(
      200,
    );
  });

  it('a customer account is guarded the same way in the widget', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const { email } = await registerCustomer(ctx, clientId);
    for (let i = 0; i < 5; i++)
      await send(
        { address: '203.0.113.70' },
        '/api/auth/login',
        { email, password: `x-${i}-pass` },
        clientId,
      );
    const attacker = await send(
      { address: '203.0.113.70' },
      '/api/auth/login',
      { email, password: 'parent-pass' },
      clientId,
    );
    expect(attacker.status).toBe(429);
    const parent = await send(
      { address: '198.51.100.30' },
      '/api/auth/login',
      { email, password: 'parent-pass' },
      clientId,
    );
    expect(parent.status).toBe(200);
  });
});

describe('passwords', () => {
  const legacyScrypt = (password: string, salt: Buffer) =>
    new Promise<string>((done, fail) =>
      scrypt(password, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (e, key) =>
        e
          ? fail(e)
          : done(
              ['scrypt', 1 << 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$'),
            ),
      ),
    );

  it('new accounts get argon2id hashes', async () => {
    const { email } = await signUpOrganiser(ctx);
    const row = await ctx.handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('an old scrypt hash still signs in, and is upgraded to argon2id on that sign-in', async () => {
    const { email } = await signUpOrganiser(ctx);
    const old = await legacyScrypt('correct horse', Buffer.from('0123456789abcdef'));
    await ctx.handle.db
      .updateTable('users')
      .set({ password_hash: old })
      .where('email', '=', email)
      .execute();
    const wrong = await send({ address: '198.51.100.40' }, '/api/auth/login', {
      email,
      password: 'wrong horse',
    });
    expect(wrong.status).toBe(401);
    const stored = () =>
      ctx.handle.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    expect((await stored()).password_hash).toBe(old);
    const res = await send({ address: '198.51.100.40' }, '/api/auth/login', {
      email,
      password: 'correct horse',
    });
    expect(res.status).toBe(200);
    const upgraded = (await stored()).password_hash;
    expect(upgraded).toMatch(/^\$argon2id\$/);
    // And the upgraded hash signs in too.
    const again = await send({ address: '198.51.100.40' }, '/api/auth/login', {
      email,
      password: 'correct horse',
    });
    expect(again.status).toBe(200);
    expect((await stored()).password_hash).toBe(upgraded);
  });

  it('a huge password is refused quickly, without hashing it', async () => {
    const started = Date.now();
    const res = await send({ address: '198.51.100.41' }, '/api/auth/login', {
      email: 'anyone@club.test',
      password: 'x'.repeat(90_000),
    });
    expect([400, 401]).toContain(res.status);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('header values are bounded before any query', () => {
  it('a 3,000-character X-Client-Id or Idempotency-Key is a 400 and stores nothing', async () => {
    const before = await ctx.handle.db.selectFrom('rate_limits').select('key').execute();
    const res = await send(
      { address: '198.51.100.50', headers: { 'x-client-id': 'c'.repeat(3000) } },
      '/api/auth/register',
      registration('long@home.test'),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('X-Client-Id must be at most 100 characters.');
    const after = await ctx.handle.db.selectFrom('rate_limits').select('key').execute();
    expect(after.length).toBe(before.length);
  });

  it('a 3,000-character X-Forwarded-For never reaches the rate-limit table', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const res = await send(
      { address: '198.51.100.51', trustProxy: 1, headers: { 'x-forwarded-for': 'f'.repeat(3000) } },
      '/api/auth/register',
      registration('longxff@home.test'),
      clientId,
    );
    expect(res.status).toBe(201);
    const keys = await ctx.handle.db.selectFrom('rate_limits').select('key').execute();
    expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThanOrEqual(160);
  });
});
