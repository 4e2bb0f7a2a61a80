/** A failed call: the HTTP status, the server's message and its per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly reason: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * docs/rules/forms-and-messages.md: failed calls are rethrown with a fixed message, with the
 * server's reason appended when it gives one ('Failed to get fields: {reason}' or 'Failed to get
 * fields'). Field errors and the status are kept, so a form can still show them next to its inputs.
 *
 * @example await describeFailure(api.get('/api/fields'), { prefix: 'Failed to get fields', bare: 'Failed to get fields' })
 */
export async function describeFailure<T>(
  call: Promise<T>,
  { prefix, bare }: { prefix: string; bare: string },
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) {
      const message = error.reason ? `${prefix}: ${error.reason}` : bare;
      throw new ApiError(error.status, message, error.errors, error.reason);
    }
    throw new ApiError(0, bare);
  }
}
