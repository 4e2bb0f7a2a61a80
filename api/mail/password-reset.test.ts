import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetMessages } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';
import { mailJobHandlers } from './jobs.ts';
import { sendMessage } from './send.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * Forgot password, end to end: the request, the e-mail received over SMTP, the link's token
 * used once within its hour. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('password reset by e-mail', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Awaited<ReturnType<typeof signUpOrganiser>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await signUpOrganiser(ctx);
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  const sendDue = (at = new Date()) => runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), at);
  const forgot = (email: string, clientId?: string) =>
    ctx.request('POST', '/api/auth/forgot-password', { clientId, body: { email } });
  const resetMailFor = (email: string) =>
    inbox.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
  const linkIn = (text: string) => {
    const match = /(http:\/\/localhost:3000\/\S+token=([\w-]+))/.exec(text);
    expect(match, text).not.toBeNull();
    return { url: new URL(match![1]!), token: match![2]! };
  };

  it('e-mails a parent a link that works once, and says the same for an address with no account', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const known = await forgot(parent.email, org.clientId);
    const unknown = await forgot('nobody-here@home.test', org.clientId);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ data: { message: resetMessages.linkSent } });
    expect(unknown.body).toEqual(known.body);

    await sendDue();
    const [mail] = resetMailFor(parent.email);
    const client = await ctx.handle.db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', org.clientId)
      .executeTakeFirstOrThrow();
    expect(mail?.subject).toBe(`Reset your ${client.name} password`);
    expect(resetMailFor('nobody-here@home.test')).toHaveLength(0);
    const { url, token } = linkIn(mail!.text ?? '');
    // Our origin, the hosted account page, naming the organiser.
    expect(url.origin + url.pathname).toBe('http://localhost:3000/account/reset-password');
    expect(url.searchParams.get('client')).toBe(org.clientId);
    expect(mail!.html).toContain(token);

    // Only the token's hash is kept, and the Messages screen's copy has no link in it.
    const db = ctx.handle.db;
    const stored = await db
      .selectFrom('messages')
      .selectAll()
      .where('client_id', '=', org.clientId)
      .where('kind', '=', 'password-reset')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.status).toBe('sent');
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]!.text_body).not.toContain('reset-password?');
    const resets = await db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(resets)).not.toContain(token);

    const body = { token, password: 'brand new pass', confirmPassword: 'brand new pass' };
    const reset = await ctx.request('POST', '/api/auth/reset-password', {
      clientId: org.clientId,
      body,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toEqual({ data: { message: resetMessages.passwordChanged } });
    // Signed out everywhere; the new password signs in, the old one does not.
    const me = await ctx.request('GET', '/api/users/me', { token: parent.token });
    expect(me.status).toBe(401);
    const login = (password: string) =>
      ctx.request('POST', '/api/auth/login', {
        clientId: org.clientId,
        body: { email: parent.email, password },
      });
    expect((await login('brand new pass')).status).toBe(200);
    expect((await login('parent-pass')).status).toBe(401);

    const again = await ctx.request('POST', '/api/auth/reset-password', {
      clientId: org.clientId,
      body: { ...body, password: 'third pass!', confirmPassword: 'third pass!' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: resetMessages.linkInvalid });
    expect((await login('brand new pass')).status).toBe(200);
  });

  it('refuses a link after its hour', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    await forgot(parent.email, org.clientId);
    const message = await ctx.handle.db
      .selectFrom('messages')
      .select('id')
      .where('client_id', '=', org.clientId)
      .where('recipient_email', '=', parent.email)
      .executeTakeFirstOrThrow();
    // Sent 61 minutes ago: the hour starts when the link is sent.
    const job = { clientId: org.clientId, messageId: message.id, attempt: 1 };
    await sendMessage(ctx.handle.db, inbox.mail, job, new Date(Date.now() - 61 * 60_000));
    const { token } = linkIn(resetMailFor(parent.email)[0]!.text ?? '');
    const res = await ctx.request('POST', '/api/auth/reset-password', {
      clientId: org.clientId,
      body: { token, password: 'too late now', confirmPassword: 'too late now' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ token: resetMessages.linkInvalid });
    const login = await ctx.request('POST', '/api/auth/login', {
      clientId: org.clientId,
      body: { email: parent.email, password: 'parent-pass' },
    });
    expect(login.status).toBe(200);
  });

  it("sends an organiser's admin to the dashboard's reset screen", async () => {
    const res = await forgot(org.email);
    expect(res.status).toBe(200);
    await sendDue();
    const [mail] = resetMailFor(org.email);
    const { url, token } = linkIn(mail!.text ?? '');
    expect(url.origin + url.pathname).toBe('http://localhost:3000/admin/reset-password');
    const reset = await ctx.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'admin new pass', confirmPassword: 'admin new pass' },
    });
    expect(reset.status).toBe(200);
    const login = await ctx.request('POST', '/api/auth/login', {
      body: { email: org.email, password: 'admin new pass' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses bad input with nothing written, and limits requests per address', async () => {
    const before = await ctx.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await ctx.request('POST', '/api/auth/forgot-password', {
      clientId: org.clientId,
      body: { email: 'not an address' },
    });
    expect(bad.status).toBe(400);
    const mismatch = await ctx.request('POST', '/api/auth/reset-password', {
      body: { token: 'x', password: 'long enough', confirmPassword: 'different' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toHaveProperty('confirmPassword');
    const after = await ctx.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const parent = await registerCustomer(ctx, org.clientId);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await forgot(parent.email, org.clientId)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
