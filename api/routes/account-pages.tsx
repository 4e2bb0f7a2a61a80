import { Hono } from 'hono';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as v from 'valibot';
import {
  fieldErrors,
  resetMessages,
  resetPasswordSchema,
  unsubscribeCategoryName,
  unsubscribeMessages,
} from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { calendarForToken } from '../mail/calendar-links.ts';
import { resetPassword } from '../mail/password-reset.ts';
import { readUnsubscribeLink, UNSUBSCRIBE_PATH, unsubscribe } from '../mail/unsubscribe.ts';
import { clientAddress, rateLimit } from '../middleware/rate-limit.ts';

/*
 * The hosted account pages on our origin (issue 12): where a parent's e-mailed reset link leads,
 * whatever site they booked on. Plain HTML forms rendered on the server, with no script at all,
 * so they work in any mail app's browser and need nothing from the organiser's site.
 */

const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const MAX_FORM_BYTES = 8 * 1024;

function Page({
  title,
  organiser,
  children,
}: {
  title: string;
  organiser: string | null;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The token is in this page's address: never pass it on, even to our own pages. */}
        <meta name="referrer" content="no-referrer" />
        <title>{organiser ? `${title} · ${organiser}` : title}</title>
        <style>{`body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2937;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #9ca3af;border-radius:6px}
button{margin-top:1.5rem;width:100%;padding:.7rem;font:inherit;font-weight:600;color:#fff;background:#2563eb;border:0;border-radius:6px}
.error{color:#b91c1c;margin:.25rem 0 0}`}</style>
      </head>
      <body>
        <main>
          {organiser ? <p>{organiser}</p> : null}
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

function ResetForm({
  token,
  clientId,
  errors,
}: {
  token: string;
  clientId: string;
  errors: Partial<Record<string, string>>;
}) {
  const action = `/account/reset-password?client=${encodeURIComponent(clientId)}`;
  return (
    <form method="post" action={action} noValidate>
      {errors.token ? (
        <p className="error" role="alert">
          {errors.token}
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <label htmlFor="password">New password</label>
      <input id="password" name="password" type="password" autoComplete="new-password" />
      {errors.password ? <p className="error">{errors.password}</p> : null}
      <label htmlFor="confirmPassword">Confirm new password</label>
      <input
        id="confirmPassword"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
      />
      {errors.confirmPassword ? <p className="error">{errors.confirmPassword}</p> : null}
      <button type="submit">Save new password</button>
    </form>
  );
}

const html = (element: ReactNode, status: 200 | 400 = 200) =>
  new Response(`<!doctype html>${renderToStaticMarkup(element)}`, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-store',
    },
  });

async function organiserName(c: { get: (key: 'db') => AppEnv['Variables']['db'] }, id: string) {
  if (!id) return null;
  const client = await c
    .get('db')
    .selectFrom('clients')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return client?.name ?? null;
}

const unsubscribeInvalid = () =>
  html(
    <Page title={unsubscribeMessages.title} organiser={null}>
      <p className="error" role="alert">
        {unsubscribeMessages.linkInvalid}
      </p>
    </Page>,
    400,
  );

export const accountPages = new Hono<AppEnv>()
  /*
   * A reminder's unsubscribe link. Opening it only asks (mail scanners open links); the button,
   * or a mail app's one-click POST to the same address (RFC 8058), unsubscribes.
   */
  .get('/unsubscribe', async (c) => {
    const token = c.req.query('token') ?? '';
    const link = await readUnsubscribeLink(c.get('db'), token);
    if (!link) return unsubscribeInvalid();
    const what = unsubscribeCategoryName[link.category];
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    return html(
      <Page title={unsubscribeMessages.title} organiser={link.organiser}>
        <p>{unsubscribeMessages.confirm(what, link.organiser)}</p>
        <form method="post" action={action}>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit">{unsubscribeMessages.button}</button>
        </form>
      </Page>,
    );
  })
  .post('/unsubscribe', async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_FORM_BYTES)
      throw new HttpError(413, 'Too large.');
    await rateLimit(c, `unsubscribe-ip:${clientAddress(c)}`, { limit: 60, windowSeconds: 3600 });
    const link = await unsubscribe(c.get('db'), c.req.query('token') ?? '', new Date());
    if (!link) return unsubscribeInvalid();
    const what = unsubscribeCategoryName[link.category];
    return html(
      <Page title={unsubscribeMessages.title} organiser={link.organiser}>
        <p role="status">{unsubscribeMessages.done(what, link.organiser)}</p>
      </Page>,
    );
  })
  // A confirmation's 'Add to calendar' link (mail/calendar-links.ts): the booking's sessions now.
  .get('/calendar/:file', async (c) => {
    const token = c.req.param('file').replace(/\.ics$/, '');
    const ics = await calendarForToken(c.get('db'), token, new Date());
    if (ics === null) throw new HttpError(404, 'This calendar link is not valid.');
    return c.body(ics, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="booking.ics"',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .get('/reset-password', async (c) => {
    const clientId = c.req.query('client') ?? '';
    const token = c.req.query('token') ?? '';
    const organiser = await organiserName(c, clientId);
    return html(
      <Page title="Choose a new password" organiser={organiser}>
        <ResetForm token={token} clientId={clientId} errors={{}} />
      </Page>,
    );
  })
  .post('/reset-password', async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_FORM_BYTES)
      throw new HttpError(413, 'Too large.');
    await rateLimit(c, `reset-ip:${clientAddress(c)}`, { limit: 20, windowSeconds: 3600 });
    const clientId = c.req.query('client') ?? '';
    const organiser = await organiserName(c, clientId);
    const form = await c.req.parseBody();
    const values = {
      token: typeof form.token === 'string' ? form.token : '',
      password: typeof form.password === 'string' ? form.password : '',
      confirmPassword: typeof form.confirmPassword === 'string' ? form.confirmPassword : '',
    };
    const parsed = v.safeParse(resetPasswordSchema, values);
    const again = (errors: Partial<Record<string, string>>) =>
      html(
        <Page title="Choose a new password" organiser={organiser}>
          <ResetForm token={values.token} clientId={clientId} errors={errors} />
        </Page>,
        400,
      );
    if (!parsed.success) return again(fieldErrors(parsed.issues));
    try {
      await resetPassword(c.get('db'), {
        clientId: organiser ? clientId : null,
        input: parsed.output,
        now: new Date(),
      });
    } catch (error) {
      if (error instanceof HttpError && error.status === 400)
        return again({ token: resetMessages.linkInvalid });
      throw error;
    }
    return html(
      <Page title="Password changed" organiser={organiser}>
        <p role="status">{resetMessages.passwordChanged}</p>
      </Page>,
    );
  });
