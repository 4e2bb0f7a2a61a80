import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';
import { CROSS_SITE_REFUSED, JSON_ONLY } from './csrf.ts';
import { DASHBOARD_CSP } from './security.ts';

/*
 * Writes that ride the dashboard's cookie: a page on another origin (another port of the same
 * site is another origin) cannot make them, nor send JSON disguised as text/plain. The widget's
 * bearer-token writes are untouched. The browser version of this is e2e/csrf.test.ts.
 */

let ctx: TestContext;
let admin: { token: string; email: string; cookie: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const org = await signUpOrganiser(ctx);
  const login = await ctx.request('POST', '/api/auth/login', {
    body: { email: org.email, password: 'correct horse' },
  });
  admin = { ...org, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] };
});
afterAll(() => ctx.close());

const venue = { name: 'Forged Hall' };

async function venueCount() {
  const rows = await ctx.handle.db.selectFrom('venues').select('id').execute();
  return rows.length;
}

const withCookie = (
  headers: Record<string, string>,
  body: string | undefined = JSON.stringify(venue),
) =>
  ctx.app.request('/api/venues', {
    method: 'POST',
    headers: { cookie: admin.cookie, ...headers },
    body,
  });

describe('cookie-authenticated writes', () => {
  it('are accepted from the dashboard’s own origin as JSON', async () => {
    const res = await withCookie({
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
    });
    expect(res.status).toBe(201);
  });

  it('are refused from another port of the same site, and nothing is written', async () => {
    const before = await venueCount();
    const res = await withCookie({
      origin: 'http://localhost:3001',
      'content-type': 'application/json',
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(CROSS_SITE_REFUSED);
    expect(await venueCount()).toBe(before);
  });

  it('are refused from a foreign origin, and without any Origin unless the browser says same-origin', async () => {
    const before = await venueCount();
    expect(
      (await withCookie({ origin: 'https://evil.example', 'content-type': 'application/json' }))
        .status,
    ).toBe(403);
    expect((await withCookie({ 'content-type': 'application/json' })).status).toBe(403);
    expect(
      (await withCookie({ 'content-type': 'application/json', 'sec-fetch-site': 'same-site' }))
        .status,
    ).toBe(403);
    expect(await venueCount()).toBe(before);
    const same = await withCookie({
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
    });
    expect(same.status).toBe(201);
  });

  it('refuse JSON sent as text/plain or as a form, even from our origin', async () => {
    const before = await venueCount();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await withCookie({ origin: 'http://localhost:3000', 'content-type': type });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toBe(JSON_ONLY);
    }
    expect(await venueCount()).toBe(before);
  });

  it('refuse a typeless body, and let a bodiless delete through', async () => {
    const typeless = await ctx.app.request('/api/venues', {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: 'http://localhost:3000', 'content-length': '22' },
      // Bytes, so not even the Request constructor gives it a type.
      body: new TextEncoder().encode(JSON.stringify(venue).padEnd(22)),
    });
    expect(typeless.status).toBe(415);
    const made = await withCookie({
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
    });
    const id = (await made.json()).data._id;
    const removed = await ctx.app.request(`/api/venues/${id}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie, origin: 'http://localhost:3000' },
    });
    expect(removed.status).toBeLessThan(300);
  });

  it('accept an origin configured in ALLOWED_ORIGINS', async () => {
    const app = createApp(ctx.handle, {
      production: false,
      publicUrl: 'http://localhost:3000',
      allowedOrigins: ['https://admin.classwise.test'],
    });
    const res = await app.request('/api/venues', {
      method: 'POST',
      headers: {
        cookie: admin.cookie,
        origin: 'https://admin.classwise.test',
        'content-type': 'application/json',
      },
      body: JSON.stringify(venue),
    });
    expect(res.status).toBe(201);
  });

  it('a bodiless write (sign-out) needs only the origin', async () => {
    const other = await ctx.request('POST', '/api/auth/login', {
      body: { email: admin.email, password: 'correct horse' },
    });
    const cookie = (other.headers.get('set-cookie') ?? '').split(';')[0];
    const forged = await ctx.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3001' },
    });
    expect(forged.status).toBe(403);
    const own = await ctx.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(own.status).toBe(200);
  });
});

describe('bearer-token writes (the widget on any site)', () => {
  it('are not affected by Origin', async () => {
    const res = await ctx.app.request('/api/venues', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin.token}`,
        origin: 'https://club-site.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify(venue),
    });
    expect(res.status).toBe(201);
  });
});

describe('security headers', () => {
  it('HSTS only in production', async () => {
    const dev = await ctx.app.request('/api/health');
    expect(dev.headers.get('strict-transport-security')).toBeNull();
    const prod = createApp(ctx.handle, {
      production: true,
      publicUrl: 'https://app.classwise.test',
    });
    const res = await prod.request('/api/health');
    expect(res.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('the dashboard gets a CSP without inline script, plugins, <base> or framing', async () => {
    const res = await ctx.app.request('/admin/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(DASHBOARD_CSP);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives['script-src']).toBe("'self'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['base-uri']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe("'none'");
  });
});
