import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The request headers (and the one query parameter) whose values reach a database query, and the
 * most each may hold: ids are 24 characters, idempotency keys are the client's own strings.
 * Anything longer is refused here, so no query ever carries a 3,000-character header.
 */
const BOUNDS: { name: string; max: number; query?: string }[] = [
  { name: 'X-Client-Id', max: 100, query: 'clientId' },
  { name: 'Idempotency-Key', max: 200 },
];

export const boundHeaders = createMiddleware<AppEnv>(async (c, next) => {
  for (const { name, max, query } of BOUNDS) {
    const value = c.req.header(name);
    if (value !== undefined && value.length > max)
      throw new HttpError(400, `${name} must be at most ${max} characters.`);
    const param = query ? c.req.query(query) : undefined;
    if (param !== undefined && param.length > max)
      throw new HttpError(400, `${query} must be at most ${max} characters.`);
  }
  return next();
});
