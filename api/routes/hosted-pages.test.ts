import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';
import { createCamp, premiumOrganiser } from './bookings.fixtures.ts';

/* Hosted booking pages (docs/rules/hosted-pages.md): shareable, previewable, the widget inside. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function addTab(clientId: string, name: string, path: string, enabled: 0 | 1 = 1) {
  const now = new Date().toISOString();
  await ctx.handle.db
    .insertInto('home_tabs')
    .values({
      id: randomUUID(),
      client_id: clientId,
      name,
      path,
      type: 'venue',
      field_id: null,
      value: '[]',
      weight: 0,
      enabled,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const meta = (html: string, property: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];

describe('hosted booking pages', () => {
  it('serves the whole listing under the organiser’s name with Open Graph tags', async () => {
    const org = await signUpOrganiser(ctx, { organisationName: 'Tom & Jerry <Swim> Club' });
    const res = await ctx.request('GET', `/book/${org.clientId}`);
    expect(res.status).toBe(200);
    const html = res.body as string;
    expect(html).toContain('<h1>Tom &amp; Jerry &lt;Swim&gt; Club</h1>');
    expect(html).toContain('<title>Book with Tom &amp; Jerry &lt;Swim&gt; Club</title>');
    expect(meta(html, 'og:title')).toBe('Book with Tom &amp; Jerry &lt;Swim&gt; Club');
    expect(meta(html, 'og:url')).toMatch(new RegExp(`^https?://[^/]+/book/${org.clientId}$`));
    expect(html).toContain(`<classwise-widget client="${org.clientId}" history="">`);
    expect(html).toContain('<script type="module" src="/widget.js"></script>');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('opens one activity, described by its own text without markup', async () => {
    const org = await premiumOrganiser(ctx);
    const camp = await createCamp(ctx, org, { name: 'Easter <Art> Camp' });
    await ctx.handle.db
      .updateTable('activity_groups')
      .set({
        enabled: 1,
        description: '<p>Painting &amp; <strong>clay</strong> for ages 5–11.</p>',
      })
      .where('id', '=', camp._id)
      .execute();
    const res = await ctx.request('GET', `/book/${org.clientId}/activity/${camp._id}`);
    expect(res.status).toBe(200);
    const html = res.body as string;
    expect(html).toContain('<title>Easter &lt;Art&gt; Camp · ');
    expect(meta(html, 'og:description')).toBe('Painting &amp; clay for ages 5–11.');
    expect(meta(html, 'description')).toBe('Painting &amp; clay for ages 5–11.');
    expect(html).toContain(`activity-group="${camp._id}"`);
  });

  it('does not show an activity that is switched off, archived or another organiser’s', async () => {
    const org = await premiumOrganiser(ctx);
    const other = await premiumOrganiser(ctx);
    const camp = await createCamp(ctx, org);
    await ctx.handle.db
      .updateTable('activity_groups')
      .set({ enabled: 0 })
      .where('id', '=', camp._id)
      .execute();
    for (const url of [
      `/book/${org.clientId}/activity/${camp._id}`,
      `/book/${other.clientId}/activity/${camp._id}`,
    ]) {
      const res = await ctx.request('GET', url);
      expect(res.status).toBe(404);
      expect(res.body).toContain('is not taking bookings for this activity.');
      expect(res.body).not.toContain('widget.js');
    }
  });

  it('serves a home tab at /listing/{path} and at its canonical address', async () => {
    const org = await signUpOrganiser(ctx, { organisationName: 'Riverside Sports' });
    await addTab(org.clientId, 'Football', 'football');
    await addTab(org.clientId, 'Hidden', 'hidden', 0);
    for (const url of [
      `/listing/football?client=${org.clientId}`,
      `/book/${org.clientId}/listing/football`,
    ]) {
      const res = await ctx.request('GET', url);
      expect(res.status, url).toBe(200);
      const html = res.body as string;
      expect(html).toContain('<title>Football · Riverside Sports</title>');
      expect(html).toContain('tab="football"');
      expect(meta(html, 'og:url')).toMatch(/\/book\/[^/]+\/listing\/football$/);
    }
    for (const url of [
      `/listing/%00?client=${org.clientId}`,
      `/book/${org.clientId}/activity/%00`,
      `/book/${org.clientId}/listing/%1F`,
    ]) {
      const res = await ctx.request('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body).not.toContain('widget.js');
    }
    const hidden = await ctx.request('GET', `/listing/hidden?client=${org.clientId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toContain('Riverside Sports has no page called “hidden”.');
  });

  it('answers 404 with no widget when the organiser does not exist', async () => {
    for (const url of [
      '/book/nope',
      '/book/%00',
      '/listing/football',
      '/listing/football?client=%00',
      `/book/${'x'.repeat(5000)}`,
    ]) {
      const res = await ctx.request('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body).toContain('This link does not name an organiser.');
      expect(res.body).not.toContain('widget.js');
    }
  });
});
