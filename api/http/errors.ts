import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An expected failure with the wire format's body: `{ message, errors? }`.
 *
 * @example throw new HttpError(404, messages.notFound)
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    // A 4xx is an answer, not a fault: nobody reads its stack, and a sold-out camp's hundreds of
    // refusals each spent about 1 % of their time capturing one. A 5xx is logged with its stack.
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
