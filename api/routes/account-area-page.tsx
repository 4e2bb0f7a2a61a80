import { Hono } from 'hono';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppEnv } from '../context.ts';
import { logoPath } from '../mail/logo.ts';
import './widget-element.ts';

/*
 * The parent's account area hosted on our origin (docs/rules/account.md), for organisers without
 * a website: /account/attendees?client=<clientId> mounts the same widget.js organisers embed,
 * opened at the account area, under the organiser's name and logo.
 */

/*
 * Our own scripts and API only (the widget and its chunks), its styles, our images, and our card
 * payment page in a frame when My bookings asks for a payment. Never framed itself.
 */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2937;margin:0}
header{background:#fff;border-bottom:1px solid #e5e7eb}
header div{max-width:44rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.75rem}
header img{max-height:48px;max-width:160px;object-fit:contain}
header h1{margin:0;font-size:1.25rem}
main{max-width:44rem;margin:1.5rem auto;padding:0 1rem}`;

function Page({
  organiser,
  clientId,
  logo,
}: {
  organiser: string | null;
  clientId: string;
  logo: string | null;
}) {
  const title = organiser ? `My account · ${organiser}` : 'Organiser not found';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {/* No favicon request (a 404 in every parent's console). */}
        <link rel="icon" href="data:," />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <header>
          <div>
            {logo ? <img src={logo} alt="" /> : null}
            <h1>{organiser ?? 'Organiser not found'}</h1>
          </div>
        </header>
        <main>
          {organiser ? (
            // `history`: this page's URL hash follows the widget, so Back and reload work.
            <classwise-widget client={clientId} account="attendees" history="" />
          ) : (
            <p role="alert">This link does not name an organiser. Please ask them for a new one.</p>
          )}
        </main>
        {organiser ? <script type="module" src="/widget.js" /> : null}
      </body>
    </html>
  );
}

export const accountAreaPage = new Hono<AppEnv>().get('/attendees', async (c) => {
  const clientId = (c.req.query('client') ?? '').slice(0, 100);
  // PostgreSQL refuses U+0000 in a query: such an id names nobody, the same on both databases.
  const client =
    clientId && !clientId.includes('\u0000')
      ? await c
          .get('db')
          .selectFrom('clients')
          .select('name')
          .where('id', '=', clientId)
          .executeTakeFirst()
      : undefined;
  const organiser = client?.name ?? null;
  const logo = organiser ? await logoPath(c.get('db'), clientId) : null;
  const page = <Page organiser={organiser} clientId={clientId} logo={logo} />;
  return new Response(`<!doctype html>${renderToStaticMarkup(page)}`, {
    status: organiser ? 200 : 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-store',
    },
  });
});
