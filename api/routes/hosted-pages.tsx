import { Hono } from 'hono';
import { renderToStaticMarkup } from 'react-dom/server';
import sanitizeHtml from 'sanitize-html';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { logoPath } from '../mail/logo.ts';
import { hostedPageResponse, hostedPageStyle } from './hosted-shell.ts';
import './widget-element.ts';

/*
 * Hosted booking pages on our origin (docs/rules/hosted-pages.md), for organisers without a
 * website and for sharing: the whole listing, one activity, and a home tab's listing
 * (/listing/{path}). Each mounts the same widget.js organisers embed, under the organiser's name
 * and logo, with a title, description and Open Graph tags so a shared link previews well.
 * E-mails link here (e.g. a waitlist offer at /book/<client>#classwise=offer/<entry>), because
 * this page exists for every organiser whatever their own site is.
 */

const STYLE = hostedPageStyle('60rem');
const DESCRIPTION_CHARS = 200;

type WidgetView = { activityGroup: string } | { tab: string } | Record<string, never>;

interface HostedPage {
  organiser: string;
  clientId: string;
  logo: string | null;
  title: string;
  description: string;
  url: string;
  view: WidgetView;
}

function Page({ page }: { page: HostedPage }) {
  const image = page.logo ? `${new URL(page.url).origin}${page.logo}` : null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{page.title}</title>
        <meta name="description" content={page.description} />
        <link rel="canonical" href={page.url} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={page.organiser} />
        <meta property="og:title" content={page.title} />
        <meta property="og:description" content={page.description} />
        <meta property="og:url" content={page.url} />
        {image ? <meta property="og:image" content={image} /> : null}
        <meta name="twitter:card" content="summary" />
        <style>{STYLE}</style>
      </head>
      <body>
        <header>
          <div>
            {page.logo ? <img src={page.logo} alt="" /> : null}
            <h1>{page.organiser}</h1>
          </div>
        </header>
        <main>
          {/* `history`: this page's URL hash follows the widget, so Back and reload work. */}
          <classwise-widget
            client={page.clientId}
            history=""
            {...('activityGroup' in page.view
              ? { 'activity-group': page.view.activityGroup }
              : 'tab' in page.view
                ? { tab: page.view.tab }
                : {})}
          />
        </main>
        <script type="module" src="/widget.js" />
      </body>
    </html>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Page not found</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>Page not found</h1>
          <p role="alert">{message}</p>
        </main>
      </body>
    </html>
  );
}

// Places left are read by the widget itself; the page only changes with names and logos.
const html = (markup: string, status: number) =>
  hostedPageResponse(markup, status, 'public, max-age=60, stale-while-revalidate=300');

const notFound = (message: string) =>
  html(renderToStaticMarkup(<NotFound message={message} />), 404);

/** Rich text as one plain line short enough for a link preview. */
export function plainSummary(richText: string): string {
  const text = sanitizeHtml(richText, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= DESCRIPTION_CHARS ? text : `${text.slice(0, DESCRIPTION_CHARS - 1)}…`;
}

/* Ids are our own (hex and the like); anything else cannot name a row, and a NUL byte would
 * make PostgreSQL refuse the query, so such links are answered before the database is asked. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;
const isTabPath = (path: string) =>
  path.length > 0 && path.length <= 200 && ![...path].some((ch) => ch.charCodeAt(0) < 32);

async function findOrganiser(db: Db, clientId: string) {
  if (!ID.test(clientId)) return undefined;
  return db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('id', '=', clientId)
    .executeTakeFirst();
}

const ORGANISER_GONE = 'This link does not name an organiser. Please ask them for a new one.';

async function tabPage(db: Db, clientId: string, path: string, url: string) {
  const organiser = await findOrganiser(db, clientId);
  if (!organiser) return notFound(ORGANISER_GONE);
  if (!isTabPath(path)) return notFound(`${organiser.name} has no such page.`);
  const tab = await db
    .selectFrom('home_tabs')
    .select(['name', 'path'])
    .where('client_id', '=', organiser.id)
    .where('path', '=', path)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!tab) return notFound(`${organiser.name} has no page called “${path}”.`);
  const page: HostedPage = {
    organiser: organiser.name,
    clientId: organiser.id,
    logo: await logoPath(db, organiser.id),
    title: `${tab.name} · ${organiser.name}`,
    description: `Book ${tab.name} with ${organiser.name}.`,
    url,
    view: { tab: tab.path },
  };
  return html(renderToStaticMarkup(<Page page={page} />), 200);
}

/** The canonical address of a page: our configured origin, never the request's Host header. */
const canonical = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;

export const bookPages = new Hono<AppEnv>()
  .get('/:clientId', async (c) => {
    const db = c.get('db');
    const organiser = await findOrganiser(db, c.req.param('clientId'));
    if (!organiser) return notFound(ORGANISER_GONE);
    const page: HostedPage = {
      organiser: organiser.name,
      clientId: organiser.id,
      logo: await logoPath(db, organiser.id),
      title: `Book with ${organiser.name}`,
      description: `Classes, clubs and camps from ${organiser.name}: see what is on and book online.`,
      url: canonical(c.get('config').publicUrl, `/book/${encodeURIComponent(organiser.id)}`),
      view: {},
    };
    return html(renderToStaticMarkup(<Page page={page} />), 200);
  })
  .get('/:clientId/activity/:groupId', async (c) => {
    const db = c.get('db');
    const organiser = await findOrganiser(db, c.req.param('clientId'));
    if (!organiser) return notFound(ORGANISER_GONE);
    const groupId = c.req.param('groupId');
    const group = !ID.test(groupId)
      ? undefined
      : await db
          .selectFrom('activity_groups')
          .select(['id', 'name', 'description'])
          .where('client_id', '=', organiser.id)
          .where('id', '=', groupId)
          .where('enabled', '=', 1)
          .where('archived', '=', 0)
          .executeTakeFirst();
    if (!group) return notFound(`${organiser.name} is not taking bookings for this activity.`);
    const page: HostedPage = {
      organiser: organiser.name,
      clientId: organiser.id,
      logo: await logoPath(db, organiser.id),
      title: `${group.name} · ${organiser.name}`,
      description: plainSummary(group.description) || `Book ${group.name} with ${organiser.name}.`,
      url: canonical(
        c.get('config').publicUrl,
        `/book/${encodeURIComponent(organiser.id)}/activity/${encodeURIComponent(group.id)}`,
      ),
      view: { activityGroup: group.id },
    };
    return html(renderToStaticMarkup(<Page page={page} />), 200);
  })
  .get('/:clientId/listing/:path', async (c) => {
    const { clientId, path } = c.req.param();
    const url = canonical(
      c.get('config').publicUrl,
      `/book/${encodeURIComponent(clientId)}/listing/${encodeURIComponent(path)}`,
    );
    return tabPage(c.get('db'), clientId, path, url);
  });

/** The route the home tabs name (/listing/{path}); the organiser comes from `?client=`. */
export const listingPages = new Hono<AppEnv>().get('/:path', async (c) => {
  const clientId = c.req.query('client') ?? '';
  const path = c.req.param('path');
  const url = canonical(
    c.get('config').publicUrl,
    `/book/${encodeURIComponent(clientId)}/listing/${encodeURIComponent(path)}`,
  );
  return tabPage(c.get('db'), clientId, path, url);
});
