import { ApiError } from './errors.ts';

export interface ApiClientOptions {
  /** '' for same-origin (dashboard); the product's origin for the widget. */
  baseUrl: string;
  /** Bearer token for the widget; the dashboard relies on its HttpOnly cookie instead. */
  getToken?: () => string | null;
  /** The organiser the widget acts for (sent as X-Client-Id). */
  clientId?: string;
  /** 'same-origin' sends the dashboard cookie; the widget never sends cookies. */
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
  /** Base delay between read retries; doubled each time. */
  retryDelayMs?: number;
}

/** docs/api/calls.md: reads retry up to 3 times. */
export const READ_RETRIES = 3;

/**
 * Statuses a retry cannot fix: the request itself is wrong (404 and the other client errors).
 * 408 (timeout) and 429 (slow down) are client-class but transient, so they are retried.
 */
export const isRetryable = (status: number): boolean =>
  status === 0 || status === 408 || status === 429 || status >= 500;

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Multipart uploads pass FormData; the browser sets its own content type. */
  formData?: FormData;
  /** The whole answer (`{ data, meta }` of a paged list) instead of its `data`. */
  whole?: boolean;
}

/**
 * The one fetch client of both front ends: auth, JSON in `{ data }`, errors as ApiError with the
 * server's message and field errors, and read retries with backoff.
 *
 * @example const api = createApiClient({ baseUrl: '', credentials: 'same-origin' });
 *          const settings = await api.get<ClientSettings>('/api/client');
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const delay = options.retryDelayMs ?? 300;

  async function once<T>(method: string, path: string, request: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.clientId) headers['X-Client-Id'] = options.clientId;
    let body: BodyInit | undefined;
    if (request.formData) body = request.formData;
    else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    let response: Response;
    try {
      response = await doFetch(options.baseUrl + path, {
        method,
        headers,
        body,
        credentials: options.credentials ?? 'omit',
        signal: request.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'Network error: please check your connection and try again.');
    }
    const text = await response.text();
    let payload: { data?: T; message?: string; errors?: Record<string, string> } | null = null;
    try {
      payload = text ? JSON.parse(text) : null;
    } catch {
      payload = null;
    }
    if (!response.ok) {
      const reason = payload?.message ?? null;
      throw new ApiError(
        response.status,
        reason ?? `Request failed (${response.status})`,
        payload?.errors ?? {},
        reason,
      );
    }
    return (request.whole ? payload : (payload?.data ?? null)) as T;
  }

  async function read<T>(path: string, request: RequestOptions = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once<T>('GET', path, request);
      } catch (error) {
        const status = error instanceof ApiError ? error.status : -1;
        if (attempt >= READ_RETRIES || !isRetryable(status)) throw error;
        await new Promise((done) => setTimeout(done, delay * 2 ** attempt));
      }
    }
  }

  return {
    get: read,
    post: <T>(path: string, body?: unknown, request: RequestOptions = {}) =>
      once<T>('POST', path, { ...request, body }),
    put: <T>(path: string, body?: unknown, request: RequestOptions = {}) =>
      once<T>('PUT', path, { ...request, body }),
    patch: <T>(path: string, body?: unknown, request: RequestOptions = {}) =>
      once<T>('PATCH', path, { ...request, body }),
    delete: <T>(path: string, request: RequestOptions = {}) => once<T>('DELETE', path, request),
    upload: <T>(path: string, formData: FormData, request: RequestOptions = {}) =>
      once<T>('POST', path, { ...request, formData }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
