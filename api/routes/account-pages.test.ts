import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, resetMessages } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { mailJobHandlers } from '../mail/jobs.ts';
import { startTestInbox, type TestInbox } from '../mail/testing.ts';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

/* The hosted reset page a parent's e-mailed link opens: a plain form on our origin. */
describe('hosted password reset page', () => {
  let ctx: TestContext;
  let inbox: TestInbox;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  const post = (path: string, fields: Record<string, string>) =>
    ctx.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('opens from the e-mailed link and changes the password once', async () => {
    const org = await signUpOrganiser(ctx);
    const parent = await registerCustomer(ctx, org.clientId);
    await ctx.request('POST', '/api/auth/forgot-password', {
      clientId: org.clientId,
      body: { email: parent.email },
    });
    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail));
    const mail = inbox.received.at(-1)!;
    const link = new URL(
      /http:\/\/localhost:3000\/account\/reset-password\S+/.exec(mail.text!)![0],
    );
    const token = link.searchParams.get('token')!;

    const page = await ctx.app.request(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const body = await page.text();
    expect(body).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(body).toContain('Choose a new password');
    expect(body).not.toContain('<script');
    const action = /action="([^"]+)"/.exec(body)![1]!.replace(/&amp;/g, '&');

    const mismatch = await post(action, {
      token,
      password: 'new secret 1',
      confirmPassword: 'nope',
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain(messages.passwordsDoNotMatch);

    const done = await post(action, {
      token,
      password: 'new secret 1',
      confirmPassword: 'new secret 1',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(resetMessages.passwordChanged);
    const login = await ctx.request('POST', '/api/auth/login', {
      clientId: org.clientId,
      body: { email: parent.email, password: 'new secret 1' },
    });
    expect(login.status).toBe(200);

    const again = await post(action, {
      token,
      password: 'another one 2',
      confirmPassword: 'another one 2',
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(resetMessages.linkInvalid);
  });

  it('escapes whatever the address carries', async () => {
    const page = await ctx.app.request(
      `/account/reset-password?client=x&token=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    const body = await page.text();
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;');
  });
});
