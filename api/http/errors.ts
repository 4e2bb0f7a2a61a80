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
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
