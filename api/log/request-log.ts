import { requestId } from 'hono/request-id';
import { pinoLogger } from 'hono-pino';
import type { Logger } from './logger.ts';

/**
 * One JSON line per request: request id (also answered as X-Request-Id, and taken from a
 * balancer's X-Request-Id when it sends a sane one), method, path, status and duration in ms.
 * Deliberately not the query string (a password-reset link carries its token there), headers
 * (cookies, bearer tokens) or bodies (passwords, card details). A 5xx carries the error with its
 * stack.
 */
export function requestLog(logger: Logger) {
  return [
    requestId({ limitLength: 64 }),
    pinoLogger({
      pino: logger,
      http: {
        referRequestIdKey: 'requestId',
        onReqBindings: (c) => ({ req: { method: c.req.method, path: c.req.path } }),
        onResBindings: (c) =>
          c.res.status >= 500 && c.error
            ? { res: { status: c.res.status }, err: c.error }
            : { res: { status: c.res.status } },
        onResLevel: (c) => (c.res.status >= 500 ? 'error' : 'info'),
        onResMessage: (c) => (c.res.status >= 500 ? 'request failed' : 'request completed'),
      },
    }),
  ] as const;
}
