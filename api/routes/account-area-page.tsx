import { Hono } from 'hono';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppEnv } from '../context.ts';
import { logoPath } from '../mail/logo.ts';
import { hostedPageResponse, hostedPageStyle } from './hosted-shell.ts';
import './widget-element.ts';

/*
 * The parent's account area hosted on our origin (docs/rules/account.md), for organisers without
 * a website: /account/attendees?client=<clientId> mounts the same widget.js organisers embed,
 * opened at the account area, under the organiser's name and logo.
 */

const STYLE = hostedPageStyle('44rem');

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
  return hostedPageResponse(renderToStaticMarkup(page), organiser ? 200 : 404, 'no-store');
});
