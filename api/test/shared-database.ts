import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.ts';
import { dropPostgresDatabase, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { TestContext } from './harness.ts';

/**
 * A migrated database with a URL other processes can open too (a SQLite file in a temporary
 * folder, or a fresh database on TEST_DATABASE_URL's server), and a TestContext on it for setting
 * up data. For tests that run several server or worker processes on one database.
 */
export async function sharedDatabase(): Promise<{
  url: string;
  ctx: TestContext;
  cleanup: () => Promise<void>;
}> {
  const server = process.env.TEST_DATABASE_URL;
  let url: string;
  let dir: string | null = null;
  if (server) {
    const target = new URL(server);
    target.pathname = `/classwise_shared_${randomBytes(6).toString('hex')}`;
    url = target.toString();
  } else {
    dir = mkdtempSync(join(tmpdir(), 'classwise-shared-'));
    url = join(dir, 'shared.db');
  }
  const handle = await openDatabase(url);
  await migrateToLatest(handle.db);
  const app = createApp(handle, { production: false, publicUrl: 'http://localhost:3000' });
  const request: TestContext['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.clientId) headers['x-client-id'] = options.clientId;
    const response = await app.request(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
    };
  };
  return {
    url,
    ctx: { handle, app, request, close: () => handle.close() },
    cleanup: async () => {
      await handle.close().catch(() => {});
      if (server) await dropPostgresDatabase(url);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
