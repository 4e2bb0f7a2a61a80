import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiError, describeFailure } from './errors.ts';

function fakeFetch(responses: Array<{ status: number; body?: unknown } | 'network'>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift() ?? { status: 500 };
    if (next === 'network') throw new TypeError('Failed to fetch');
    return new Response(next.body === undefined ? '' : JSON.stringify(next.body), {
      status: next.status,
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('api-client reads', () => {
  it('retries a failing read up to 3 times, then succeeds', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 503 },
      'network',
      { status: 500 },
      { status: 200, body: { data: { ok: 1 } } },
    ]);
    const api = createApiClient({ baseUrl: 'http://x', fetch, retryDelayMs: 0 });
    await expect(api.get('/api/client')).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(4);
  });

  it('gives up after 3 retries', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 200 },
    ]);
    const api = createApiClient({ baseUrl: 'http://x', fetch, retryDelayMs: 0 });
    await expect(api.get('/api/client')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(4);
  });

  it('never retries a 404 or another client error', async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      const { fetch, calls } = fakeFetch([{ status, body: { message: 'nope' } }, { status: 200 }]);
      const api = createApiClient({ baseUrl: 'http://x', fetch, retryDelayMs: 0 });
      await expect(api.get('/api/x')).rejects.toMatchObject({ status, message: 'nope' });
      expect(calls).toHaveLength(1);
    }
  });

  it('never retries a write', async () => {
    const { fetch, calls } = fakeFetch([{ status: 503 }, { status: 201, body: { data: {} } }]);
    const api = createApiClient({ baseUrl: 'http://x', fetch, retryDelayMs: 0 });
    await expect(api.post('/api/bookings', {})).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it('sends the bearer token and client id, and no cookies by default', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { data: [] } }]);
    const api = createApiClient({
      baseUrl: 'http://x',
      fetch,
      getToken: () => 'tok',
      clientId: 'c1',
    });
    await api.get('/api/fields?usage=attendee');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['X-Client-Id']).toBe('c1');
    expect(calls[0]!.init.credentials).toBe('omit');
  });
});

describe("describeFailure: says what failed, with the server's reason when it gives one", () => {
  const names = { prefix: 'Failed to get fields', bare: 'Failed to get fields' };

  it("appends the server's reason", async () => {
    const call = Promise.reject(
      new ApiError(400, 'Unknown field usage.', {}, 'Unknown field usage.'),
    );
    await expect(describeFailure(call, names)).rejects.toThrow(
      'Failed to get fields: Unknown field usage.',
    );
  });

  it('uses the bare message when the server gave no reason', async () => {
    const call = Promise.reject(new ApiError(500, 'Request failed (500)'));
    await expect(
      describeFailure(call, {
        prefix: 'Failed to create attendee',
        bare: 'Failed to create attendee.',
      }),
    ).rejects.toThrow(/^Failed to create attendee\.$/);
  });

  it('keeps the field errors for the form', async () => {
    const call = Promise.reject(new ApiError(400, 'Required', { name: 'Required' }, 'Required'));
    await expect(describeFailure(call, names)).rejects.toMatchObject({
      errors: { name: 'Required' },
    });
  });
});
