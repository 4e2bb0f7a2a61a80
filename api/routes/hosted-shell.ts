/*
 * What every page we host around the widget shares (docs/rules/hosted-pages.md): its security
 * policy, its plain look, and how it is answered.
 */

/*
 * Our own scripts and API only (the widget and its chunks), its styles, our images, and our card
 * payment page in a frame when a payment is asked for. Never framed itself.
 */
export const HOSTED_PAGE_CSP = [
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

/** The page's own few rules: a header with the organiser's logo and name, the widget below. */
export const hostedPageStyle = (width: string) =>
  `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2937;margin:0}
header{background:#fff;border-bottom:1px solid #e5e7eb}
header div{max-width:${width};margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.75rem}
header img{max-height:48px;max-width:160px;object-fit:contain}
header h1{margin:0;font-size:1.25rem}
main{max-width:${width};margin:1.5rem auto;padding:0 1rem}`;

/** A rendered page as a response, under the hosted pages' policy. */
export function hostedPageResponse(markup: string, status: number, cacheControl: string) {
  return new Response(`<!doctype html>${markup}`, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': HOSTED_PAGE_CSP,
      'Cache-Control': cacheControl,
    },
  });
}
