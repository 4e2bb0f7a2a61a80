import { randomBytes } from 'node:crypto';
import { createApp } from '../app.ts';
import type { AppConfig } from '../context.ts';
import { type DbHandle, dropPostgresDatabase, openPostgres, openSqlite } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';

/*
 * API tests drive the real Hono app on a real database: a private in-memory SQLite database, or,
 * when TEST_DATABASE_URL names a PostgreSQL server (npm run test:pg), a fresh database of its own
 * that is dropped afterwards. The same tests run on both.
 */
export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestContext {
  handle: DbHandle;
  app: ReturnType<typeof createApp>;
  request: (
    method: string,
    path: string,
    options?: {
      body?: unknown;
      token?: string;
      clientId?: string;
      headers?: Record<string, string>;
    },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  close: () => Promise<void>;
}

/**
 * @param config extra app settings, e.g. `stripe` keys for tests of card bookings that never
 * reach Stripe itself (api/payments/testing.ts points the SDK at the local test server).
 */
export async function createTestContext(config: Partial<AppConfig> = {}): Promise<TestContext> {
  const server = process.env.TEST_DATABASE_URL;
  let handle: DbHandle;
  let url: string | null = null;
  if (server) {
    const target = new URL(server);
    target.pathname = `/classwise_test_${randomBytes(6).toString('hex')}`;
    url = target.toString();
    handle = await openPostgres(url, { max: 20 });
  } else {
    handle = openSqlite(':memory:');
  }
  await migrateToLatest(handle.db);
  const app = createApp(handle, {
    production: false,
    publicUrl: 'http://localhost:3000',
    ...config,
  });
  const request: TestContext['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.clientId) headers['x-client-id'] = options.clientId;
    const response = await app.request(path, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body, headers: response.headers };
  };
  return {
    handle,
    app,
    request,
    close: async () => {
      await handle.close();
      if (url) await dropPostgresDatabase(url);
    },
  };
}

let counter = 0;
/** A fresh organiser with its admin signed in. */
export async function signUpOrganiser(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const email = `owner${counter}-${randomBytes(3).toString('hex')}@club.test`;
  const res = await ctx.request('POST', '/api/organisers', {
    body: {
      organisationName: `Club ${counter}`,
      fullName: 'Olive Owner',
      email,
      password: 'correct horse',
      country: 'GB',
      currency: 'GBP',
      timeZone: 'Europe/London',
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`organiser sign-up failed: ${JSON.stringify(res.body)}`);
  return {
    clientId: res.body.data.clientId as string,
    token: res.body.data.token as string,
    email,
  };
}

/** A customer of a client, registered through the widget's route. */
export async function registerCustomer(ctx: TestContext, clientId: string, name = 'Pat Parent') {
  counter += 1;
  const email = `parent${counter}-${randomBytes(3).toString('hex')}@home.test`;
  const res = await ctx.request('POST', '/api/auth/register', {
    clientId,
    body: { fullName: name, email, password: 'parent-pass', confirmPassword: 'parent-pass' },
  });
  if (res.status !== 201) throw new Error(`registration failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.token as string, user: res.body.data.user, email };
}
