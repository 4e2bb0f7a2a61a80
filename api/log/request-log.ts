import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger.ts';

/** What a handler may log through: the request's own logger, its lines carrying the request id. */
export interface RequestLogVariables {
  requestId: string;
  logger: Logger;
}

/** A balancer's X-Request-Id is kept when it is short and plain; anything else gets a new one. */
const SANE_ID = /^[\w\-=]{1,64}$/;

/**
 * One JSON line per request: request id (also answered as X-Request-Id, and taken from a
 * balancer's X-Request-Id when it sends a sane one), method, path, status and duration in ms.
 * Deliberately not the query string (a password-reset link carries its token there), headers
 * (cookies, bearer tokens) or bodies (passwords, card details). A 5xx carries the error with its
 * stack.
 *
 * Our own middleware rather than hono-pino's: that made a child logger for every request, and
 * pino passes a child's fields through the redaction paths as it makes it, a third of what
 * /api/health cost (issue 18). The line is written by the root logger in one call; a handler
 * that logs gets its child (`c.var.logger`) when it first logs, with the same request fields.
 */
export function requestLog(logger: Logger): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req.header('x-request-id');
    const reqId = sent && SANE_ID.test(sent) ? sent : randomUUID();
    const req = { method: c.req.method, path: c.req.path };
    c.set('requestId', reqId);
    c.header('X-Request-Id', reqId);
    let child: Logger | undefined;
    c.set(
      'logger',
      lazily(() => (child ??= logger.child({ reqId, req }))),
    );
    await next();
    const { status } = c.res;
    const line = {
      reqId,
      req,
      res: { status },
      responseTime: Math.round(performance.now() - started),
    };
    if (status >= 500) logger.error(c.error ? { ...line, err: c.error } : line, 'request failed');
    else logger.info(line, 'request completed');
  };
}

/** A logger that is only made when something is logged through it. */
function lazily(make: () => Logger): Logger {
  return new Proxy({} as Logger, {
    get(_, key) {
      const real = make();
      const value = Reflect.get(real, key, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
}
