import type { Context } from 'hono';

/**
 * Sets a header on the answer after the handler has made it, for middleware that runs after
 * `next()`. Hono's `c.header` at that point rebuilds the answer from `res.body`, which on the
 * Node server turns every small JSON answer into a whole fetch Response with a stream (the
 * health check spent half its time there, issue 18); the answer's own headers take the value
 * without that. A Response whose headers are immutable (`Response.redirect`) goes through
 * `c.header`, which copies it.
 */
export function setResponseHeader(
  c: Context,
  name: string,
  value: string,
  { append = false }: { append?: boolean } = {},
) {
  if (!c.finalized) {
    c.header(name, value, { append });
    return;
  }
  try {
    if (append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, { append });
  }
}

/**
 * Puts a new answer in place of the one the handler made, for middleware after `next()` (the
 * compressed bytes, a kept copy's text). `c.res = …` over an existing answer reads the old one's
 * `body` to copy its headers across, which on the Node server builds a fetch Response with a
 * stream for the new one too, and the server then pumps that stream: a quarter of a kept public
 * read's time. An answer made as `new Response(body, old)` already carries the old headers, so
 * the old one is let go first and nothing is copied.
 */
export function replaceResponse(c: Context, next: Response) {
  c.res = undefined as unknown as Response;
  c.res = next;
}
