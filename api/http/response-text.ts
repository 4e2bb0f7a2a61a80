/**
 * The text of an answer made from a string (`c.json`, `c.text`), read without turning it into a
 * fetch Response: @hono/node-server keeps `[status, body, headers]` under its own `cache` symbol
 * until something asks for the stream, and reading `res.body` builds one (most of a small JSON
 * answer's time). Any other answer (a file, a stream, a test's plain Response) gives undefined
 * and is read the ordinary way.
 */
export function textBody(res: Response): string | undefined {
  const key = Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const kept: unknown = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  return Array.isArray(kept) && typeof kept[1] === 'string' ? kept[1] : undefined;
}
