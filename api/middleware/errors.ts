import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isLockWait, LockWaitTimeout } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';

/** Expected failures keep their status and message; anything else is a bug: logged, a 500. */
export const onError: ErrorHandler = (error, c) => {
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      error.status,
    );
  }
  // A lock not granted in time (PostgreSQL's lock_timeout): the transaction rolled back.
  if (isLockWait(error)) {
    const busy = new LockWaitTimeout();
    for (const [name, value] of Object.entries(busy.headers ?? {})) c.header(name, value);
    return c.json({ message: busy.message }, 503);
  }
  if (error instanceof HTTPException) {
    return c.json({ message: error.message || 'Bad request' }, error.status);
  }
  // With a request log the failed request's line carries the error and its stack instead.
  if (!c.get('config')?.logger) console.error(`[api] ${c.req.method} ${c.req.path}:`, error);
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
};

export const onNotFound: NotFoundHandler = (c) => c.json({ message: 'Not found' }, 404);
