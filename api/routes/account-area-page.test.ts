import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';

/* The hosted account area (docs/rules/account.md): our page, the organiser's name, the widget. */

let ctx: TestContext;
let org: { clientId: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx, { organisationName: 'Tom & Jerry <Swim> Club' });
});
afterAll(() => ctx.close());

describe('GET /account/attendees', () => {
  it('mounts the widget at the account area under the organiser’s name', async () => {
    const res = await ctx.request('GET', `/account/attendees?client=${org.clientId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = res.body as string;
    // The name is text, never markup.
    expect(html).toContain('<h1>Tom &amp; Jerry &lt;Swim&gt; Club</h1>');
    expect(html).not.toContain('<img');
    expect(html).toContain('<title>My account · Tom &amp; Jerry &lt;Swim&gt; Club</title>');
    expect(html).toContain(
      `<classwise-widget client="${org.clientId}" account="attendees" history=""></classwise-widget>`,
    );
    expect(html).toContain('<script type="module" src="/widget.js"></script>');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('answers 404 with no widget for a client that does not exist', async () => {
    for (const query of ['?client=nope', '', '?client=%00', `?client=${'x'.repeat(5000)}`]) {
      const res = await ctx.request('GET', `/account/attendees${query}`);
      expect(res.status).toBe(404);
      expect(res.body).toContain('This link does not name an organiser.');
      expect(res.body).not.toContain('widget.js');
    }
  });
});
