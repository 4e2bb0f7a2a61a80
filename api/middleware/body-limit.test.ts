import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';
import { BODY_LIMITS, tooLargeMessage, WEBHOOK_MAX_BYTES } from './body-limit.ts';

/*
 * Every route's body limit, through a real HTTP server: a client announcing a 100 MB body is
 * answered 413 after sending a few bytes, so the server never reads (or holds) the rest.
 */

let ctx: TestContext;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((done) => server.once('listening', () => done()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.close();
  await ctx.close();
});

/** Announces `length` bytes, sends only `send` of them, and reads whatever answer comes. */
function announce(
  path: string,
  {
    length,
    send,
    headers = {},
  }: { length: number; send: number; headers?: Record<string, string> },
): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      const [head, body = ''] = answer.split('\r\n\r\n');
      const bodyLength = Number(head.match(/content-length: (\d+)/i)?.[1] ?? -1);
      if (bodyLength >= 0 && Buffer.byteLength(body) >= bodyLength) {
        socket.destroy();
        done({ status: Number(head.split(' ')[1]), body, ms: Date.now() - started });
      }
    });
    socket.on('error', fail);
    const lines = [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${length}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ];
    socket.write(lines.join('\r\n'));
    socket.write(Buffer.alloc(send, 0x20));
  });
}

describe('request bodies are limited on every route', () => {
  it('refuses a 100 MB sign-in body with 413 before it is sent', async () => {
    const res = await announce('/api/auth/login', { length: 100_000_000, send: 1024 });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(tooLargeMessage(100 * 1024));
    expect(res.ms).toBeLessThan(2000);
  });

  it('refuses a 100 MB webhook before it is sent', async () => {
    const res = await announce('/api/stripe/webhook', { length: 100_000_000, send: 1024 });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(tooLargeMessage(WEBHOOK_MAX_BYTES));
  });

  it('names the single image widget’s own 10 MB limit, and 4.5 MB for the others', async () => {
    const { token } = await signUpOrganiser(ctx);
    const auth = { Authorization: `Bearer ${token}` };
    const single = await announce('/api/file-uploads/photo', {
      length: 20_000_000,
      send: 10,
      headers: auth,
    });
    expect(single.status).toBe(413);
    expect(JSON.parse(single.body).message).toBe(
      'This file is too large. The maximum size is 10MB.',
    );
    const attachment = await announce('/api/file-uploads/attachment', {
      length: 5_000_000,
      send: 10,
      headers: auth,
    });
    expect(attachment.status).toBe(413);
    expect(JSON.parse(attachment.body).message).toBe(messages.fileTooLarge);
  });

  it('counts a chunked body (no Content-Length) and stops at the limit', async () => {
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(10 * 1024).fill(0x20));
        controller.close();
      },
    });
    const res = await ctx.app.request('/api/organisers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('lets a body under the limit through to validation', async () => {
    const res = await ctx.request('POST', '/api/auth/login', {
      body: { email: 'someone@club.test', password: 'p'.repeat(150) },
    });
    expect(res.status).toBe(401);
  });

  it('lets a field with 1,000 long options through to validation', async () => {
    const { token } = await signUpOrganiser(ctx);
    const options = Array.from({ length: 1000 }, (_, i) => ({ name: `${i} ${'o'.repeat(190)}` }));
    const res = await ctx.request('POST', '/api/fields', {
      token,
      body: { usage: 'attendee', title: 'School', type: 'select', options },
    });
    expect(JSON.stringify({ options }).length).toBeGreaterThan(100 * 1024);
    expect(res.status).not.toBe(413);
  });

  it('has a rule for every path, ending with the small JSON default', () => {
    const last = BODY_LIMITS[BODY_LIMITS.length - 1];
    expect(last.pattern.test('/anything/at/all')).toBe(true);
    expect(last.maxBytes).toBe(100 * 1024);
  });
});
