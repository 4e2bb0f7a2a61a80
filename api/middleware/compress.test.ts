import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { openSqlite } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ENTRY } from '../static.ts';
import { chooseEncoding } from './compress.ts';

/*
 * Over a real socket, as a browser on an organiser's page fetches the widget: the bytes that
 * cross the wire, before the client decodes them.
 */
let dist: string;
let widgetJs: Buffer;
const chunkName = 'GroupDetail-Ab12Cd34.js';
const handle = openSqlite(':memory:');
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  await migrateToLatest(handle.db);
  dist = await mkdtemp(join(tmpdir(), 'classwise-dist-'));
  // Real widget source stands in for the built bundle, so the test needs no build.
  const sources = join(import.meta.dirname, '../../widget/src');
  const files = (await readdir(sources)).filter((f) => f.endsWith('.ts') || f.endsWith('.tsx'));
  widgetJs = Buffer.concat(await Promise.all(files.map((f) => readFile(join(sources, f)))));
  await mkdir(join(dist, 'widget/widget'), { recursive: true });
  await mkdir(join(dist, 'embed'), { recursive: true });
  await writeFile(join(dist, 'widget/widget.js'), widgetJs);
  await writeFile(join(dist, 'widget/widget', chunkName), widgetJs);
  await writeFile(join(dist, 'embed/embed.js'), widgetJs.subarray(0, 4000));
  const app = createApp(handle, {
    production: false,
    publicUrl: 'http://localhost',
    distDir: dist,
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((done) => server.once('listening', () => done()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  await handle.close();
  await rm(dist, { recursive: true, force: true });
});

/** GET over HTTP/1.1, returning the raw (still encoded) body bytes as they arrived. */
function fetchRaw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; wire: Buffer }>(
    (done, fail) => {
      const req = httpRequest(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            wire: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', fail);
      req.end();
    },
  );
}

describe('compression over the wire', () => {
  it('sends widget.js brotli-compressed to a browser that accepts it, far smaller, same bytes once decoded', async () => {
    expect(widgetJs.length).toBeGreaterThan(10_000);
    const res = await fetchRaw('/widget.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.wire.length).toBeLessThan(widgetJs.length * 0.5);
    expect(brotliDecompressSync(res.wire).equals(widgetJs)).toBe(true);
  });

  it('falls back to gzip, and sends it plain to a client that accepts neither', async () => {
    const gz = await fetchRaw('/widget.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.wire.length).toBeLessThan(widgetJs.length * 0.5);
    expect(gunzipSync(gz.wire).equals(widgetJs)).toBe(true);

    const plain = await fetchRaw('/widget.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wire.equals(widgetJs)).toBe(true);
  });

  it('compresses hashed chunks too, which are cached for a year and never revalidated', async () => {
    const res = await fetchRaw(`/widget/${chunkName}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses JSON answers above a kilobyte, and leaves tiny ones alone', async () => {
    const tiny = await fetchRaw('/api/health', { 'accept-encoding': 'gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();

    const signUp = await fetch(`${base}/api/organisers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        organisationName: 'Wire Club',
        fullName: 'Olive Owner',
        email: 'olive@wire.test',
        password: 'correct horse',
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
      }),
    });
    expect(signUp.status).toBe(201);
    const { token } = (await signUp.json()).data;
    const plain = await fetchRaw('/api/fields?usage=attendee', {
      authorization: `Bearer ${token}`,
    });
    expect(plain.wire.length).toBeGreaterThan(1024);
    const packed = await fetchRaw('/api/fields?usage=attendee', {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip, br',
    });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers['content-type']).toMatch(/^application\/json/);
    expect(packed.wire.length).toBeLessThan(plain.wire.length / 2);
    expect(JSON.parse(brotliDecompressSync(packed.wire).toString())).toEqual(
      JSON.parse(plain.wire.toString()),
    );
  });
});

describe('widget entry points', () => {
  it('widget.js and embed.js are cached a minute, then revalidated by ETag with a 304', async () => {
    for (const path of ['/widget.js', '/embed.js']) {
      const first = await fetchRaw(path, { 'accept-encoding': 'br, gzip' });
      expect(first.headers['cache-control'], path).toBe(ENTRY);
      const tag = first.headers.etag;
      // Compressed bytes differ per encoding, so the validator is weak.
      expect(tag, path).toMatch(/^W\/"[^"]+"$/);
      const again = await fetchRaw(path, { 'accept-encoding': 'br, gzip', 'if-none-match': tag });
      expect(again.status, path).toBe(304);
      expect(again.wire.length, path).toBe(0);
      expect(again.headers['cache-control'], path).toBe(ENTRY);
    }
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, honours q=0 and weights', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
