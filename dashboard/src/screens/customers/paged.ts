import { createApiClient } from '../../../../api-client/index.ts';

/** One page of a list call, with the count of every match (for 'Showing x to y of z results'). */
export interface Page<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/*
 * Paged list calls answer `{ data, meta }`, and the shared client hands back only `data`. This
 * second client wraps each successful body one level deeper, so `meta` survives while errors,
 * retries and the session cookie behave exactly as in every other call.
 */
const pagedApi = createApiClient({
  baseUrl: '',
  credentials: 'same-origin',
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok) return response;
    const body = await response.text();
    return new Response(`{"data":${body || 'null'}}`, {
      status: response.status,
      headers: response.headers,
    });
  },
});

/**
 * GET a paged list with its meta; `signal` cancels it when a newer search replaces it.
 *
 * @example const { data, meta } = await getPage<User>('/api/users?page=1&limit=20');
 */
export const getPage = <T>(path: string, signal?: AbortSignal) =>
  pagedApi.get<Page<T>>(path, { signal });

/**
 * The query string of a paged list call: page, limit and the JSON filters the API reads, with
 * empty filters left out.
 *
 * @example pageQuery(2, 20, { status: 'confirmed', search: '' }) // 'page=2&limit=20&filters=%7B%22status%22%3A%22confirmed%22%7D'
 */
export function pageQuery(page: number, limit: number, filters: Record<string, unknown>): string {
  const active = Object.fromEntries(
    Object.entries(filters).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
  const base = `page=${page}&limit=${limit}`;
  return Object.keys(active).length
    ? `${base}&filters=${encodeURIComponent(JSON.stringify(active))}`
    : base;
}
