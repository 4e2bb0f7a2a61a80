import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { onError } from '../middleware/errors.ts';
import { createLogger } from './logger.ts';
import { type RequestLogVariables, requestLog } from './request-log.ts';

/* The request log's shape, the stack of a failure, and the redaction net under explicit logs. */
function captured() {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: 'info', destination });
  const entries = () =>
    chunks
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  return { logger, entries, text: () => chunks.join('') };
}

function appWith(logger: ReturnType<typeof createLogger>) {
  const app = new Hono<{ Variables: RequestLogVariables }>();
  app.use(requestLog(logger));
  app.use(async (c, next) => {
    c.set('config' as never, { logger } as never);
    await next();
  });
  app.get('/fine', (c) => c.json({ ok: true }));
  app.get('/broken', () => {
    throw new Error('the database fell over');
  });
  app.post('/chatty', async (c) => {
    const body = await c.req.json();
    c.var.logger.info({ body, headers: { authorization: c.req.header('authorization') } }, 'seen');
    return c.json({ ok: true });
  });
  app.onError(onError);
  return app;
}

describe('request log', () => {
  it('writes one line per request: id, method, path without query, status, duration', async () => {
    const { logger, entries } = captured();
    const res = await appWith(logger).request('/fine?token=abc123');
    expect(res.status).toBe(200);
    const [line] = entries();
    expect(line).toMatchObject({
      level: 30,
      req: { method: 'GET', path: '/fine' },
      res: { status: 200 },
      msg: 'request completed',
    });
    expect(line.reqId).toBe(res.headers.get('x-request-id'));
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(line)).not.toContain('abc123');
  });

  it('logs a failure at error level with its stack', async () => {
    const { logger, entries } = captured();
    const res = await appWith(logger).request('/broken');
    expect(res.status).toBe(500);
    const [line] = entries();
    expect(line).toMatchObject({ level: 50, res: { status: 500 }, msg: 'request failed' });
    expect(line.err.message).toBe('the database fell over');
    expect(line.err.stack).toContain('request-log.test.ts');
  });

  it('redacts passwords, tokens, cookies and card numbers in anything logged', async () => {
    const { logger, text } = captured();
    await appWith(logger).request('/chatty', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sekrit-session' },
      body: JSON.stringify({
        email: 'pat@home.test',
        password: 'hunter2-long',
        card: { number: '4242424242424242' },
        token: 'reset-token-1',
        cookie: 'cw_session=xyz',
      }),
    });
    const output = text();
    expect(output).toContain('"msg":"seen"');
    for (const secret of [
      'sekrit-session',
      'pat@home.test',
      'hunter2-long',
      '4242424242424242',
      'reset-token-1',
      'cw_session',
    ])
      expect(output).not.toContain(secret);
  });
});
