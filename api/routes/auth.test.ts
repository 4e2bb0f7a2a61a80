import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('organiser sign-up', () => {
  it('creates a client and an admin who can read the client settings with spec defaults', async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const res = await ctx.request('GET', '/api/client', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: clientId,
      currency: 'GBP',
      country: 'GB',
      dateFormat: 'dd/MM/yyyy',
      timeZone: 'Europe/London',
      onboardingInfo: { hasCreatedActivity: false },
    });
  });

  it('starts with first name, last name and date of birth attendee fields', async () => {
    const { token } = await signUpOrganiser(ctx);
    const res = await ctx.request('GET', '/api/fields?usage=attendee', { token });
    expect(res.body.data.map((f: { title: string }) => f.title)).toEqual([
      'First name',
      'Last name',
      'Date of birth',
    ]);
  });

  it('rejects a short password with the spec message and writes nothing', async () => {
    const res = await ctx.request('POST', '/api/organisers', {
      body: { organisationName: 'X', fullName: 'Y', email: 'short@club.test', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toBe('Password must be at least 8 characters.');
    const login = await ctx.request('POST', '/api/auth/login', {
      body: { email: 'short@club.test', password: 'short' },
    });
    expect(login.status).toBe(401);
  });

  it('rejects unknown fields instead of storing them', async () => {
    const res = await ctx.request('POST', '/api/organisers', {
      body: {
        organisationName: 'X',
        fullName: 'Y',
        email: 'extra@club.test',
        password: 'long enough',
        planLevel: 99,
      },
    });
    expect(res.status).toBe(400);
  });
});

describe('customer registration and sign-in', () => {
  it("answers 'Passwords do not match.' on the confirmPassword field", async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/auth/register', {
      clientId,
      body: {
        fullName: 'A',
        email: 'a@home.test',
        password: 'abcdefgh',
        confirmPassword: 'abcdefgx',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ confirmPassword: 'Passwords do not match.' });
  });

  it('signs a registered customer in with the client header and returns the user', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const { email } = await registerCustomer(ctx, clientId, 'Pat Parent');
    const res = await ctx.request('POST', '/api/auth/login', {
      clientId,
      body: { email: email.toUpperCase(), password: 'parent-pass' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ fullName: 'Pat Parent', role: 'customer' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('gives the same 401 message for a wrong password and an unknown email', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const { email } = await registerCustomer(ctx, clientId);
    const wrong = await ctx.request('POST', '/api/auth/login', {
      clientId,
      body: { email, password: 'not-the-password' },
    });
    const unknown = await ctx.request('POST', '/api/auth/login', {
      clientId,
      body: { email: 'nobody@home.test', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('refuses a second account with the same email in one client', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const { email } = await registerCustomer(ctx, clientId);
    const res = await ctx.request('POST', '/api/auth/register', {
      clientId,
      body: { fullName: 'B', email, password: 'abcdefgh', confirmPassword: 'abcdefgh' },
    });
    expect(res.status).toBe(409);
  });

  it('makes an address wait (429 and Retry-After) after five wrong passwords in a row', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const { email } = await registerCustomer(ctx, clientId);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.request('POST', '/api/auth/login', {
        clientId,
        body: { email, password: `wrong-${i}-password` },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Even the right password waits: the wait is what stops guessing.
    const right = await ctx.request('POST', '/api/auth/login', {
      clientId,
      body: { email, password: 'parent-pass' },
    });
    expect(right.status).toBe(429);
  });

  it('sets an HttpOnly SameSite=Lax cookie when an admin signs in to the dashboard', async () => {
    const { email } = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/auth/login', {
      body: { email, password: 'correct horse' },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/cw_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const cookieValue = cookie.split(';')[0];
    const me = await ctx.request('GET', '/api/users/me', { headers: { cookie: cookieValue! } });
    expect(me.body.data.role).toBe('admin');
  });

  it('revokes the token on logout', async () => {
    const { clientId } = await signUpOrganiser(ctx);
    const { token } = await registerCustomer(ctx, clientId);
    expect((await ctx.request('GET', '/api/users/me', { token })).status).toBe(200);
    await ctx.request('POST', '/api/auth/logout', { token });
    expect((await ctx.request('GET', '/api/users/me', { token })).status).toBe(401);
  });
});
