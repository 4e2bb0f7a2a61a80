import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { type StripeTestContext, startStripeTest } from '../payments/testing.ts';
import { issueToken } from '../services/sessions.ts';
import { testDialect } from './harness.ts';
import { multipartRoutes, type Sample, type Seed, samples, seedSweep } from './sweep-samples.ts';

/*
 * Issue 13's sweep: every POST, PUT and PATCH route in the app's own route table gets malformed
 * bodies (generic ones, then fast-check's one-field-at-a-time breakage of a body it accepts),
 * and every route with an id or a query gets odd ids and odd paging. Whatever comes back, it is
 * never a 5xx, and a refused request leaves every table's row count as it was. Runs on SQLite
 * (npm test) and PostgreSQL (npm run test:pg), where NUL bytes, Infinity and out-of-range
 * integers used to be 500s.
 */

/** Attempt counters (a refused request is still an attempt) and the migrator's own tables. */
const COUNTERS = /^(rate_limits|kysely_migration.*)$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const RUNS_PER_ROUTE = 30;

let t: StripeTestContext;
let app: ReturnType<typeof createApp>;
let seed: Seed;
let tables: string[];

beforeAll(async () => {
  t = await startStripeTest();
  app = createApp(t.ctx.handle, {
    production: false,
    publicUrl: 'http://localhost:3000',
    stripe: t.settings,
  });
  seed = await seedSweep(t);
  tables = (await t.ctx.handle.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !COUNTERS.test(name))
    .sort();
}, 120_000);
afterAll(() => t?.close());

/** Every table's row count in one round trip. */
async function rowCounts(): Promise<Record<string, number>> {
  const query = tables
    .map((name) => `select '${name}' as t, count(*) as n from ${JSON.stringify(name)}`)
    .join(' union all ');
  const { rows } = await sql<{ t: string; n: number | string }>`${sql.raw(query)}`.execute(
    t.ctx.handle.db,
  );
  return Object.fromEntries(rows.map((row) => [row.t, Number(row.n)]));
}

/** Placeholders replaced after JSON.stringify by text JSON can spell but no JS value can. */
const RAW = (text: string) => `\uE000${text}\uE000`;
const unraw = (json: string) => json.replace(/"\uE000(.*?)\uE000"/g, '$1');

const noise = randomBytes(600_000).toString('hex'); // incompressible, so PostgreSQL cannot shrink it
const big = (n: number) => noise.slice(0, n);

interface Attempt {
  route: string;
  method: string;
  path: string;
  as: Sample['as'];
  body?: string | FormData;
  contentType?: string;
  note: string;
}

const statuses: Record<string, number> = {};
const failures: string[] = [];
let baseline: Record<string, number> | null = null;

async function tokenFor(as: Sample['as'], route: string): Promise<string | null> {
  if (as === 'admin') return seed.org.token;
  if (as !== 'customer') return null;
  // Logging out ends the session it is called with: give it one of its own.
  if (route === 'POST /api/auth/logout')
    return issueToken(t.ctx.handle.db, { clientId: seed.org.clientId, userId: seed.parent.userId });
  return seed.parent.token;
}

/** Sends one attempt; records a 5xx, or a refusal that changed a row count, as a failure. */
async function attempt(a: Attempt): Promise<number> {
  const token = await tokenFor(a.as, a.route);
  // This sweeps validation, not limits: a 429 after the fifth sign-up would hide the route.
  await t.ctx.handle.db.deleteFrom('rate_limits').execute();
  if (!baseline || a.route === 'POST /api/auth/logout') baseline = await rowCounts();
  const headers: Record<string, string> = { 'x-client-id': seed.org.clientId };
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body brings its own multipart content type and boundary.
  if (typeof a.body === 'string') headers['content-type'] = a.contentType ?? 'application/json';
  let status: number;
  let text = '';
  try {
    const response = await app.request(a.path, { method: a.method, headers, body: a.body });
    status = response.status;
    text = await response.text();
  } catch (error) {
    status = 599;
    text = String(error);
  }
  statuses[status] = (statuses[status] ?? 0) + 1;
  const after = await rowCounts();
  const shown = typeof a.body === 'string' ? a.body.slice(0, 160) : a.body && 'multipart';
  const what = `${a.method} ${a.path} (${a.note}) body ${shown}`;
  if (status >= 500) failures.push(`${status} ${what}: ${text.slice(0, 300)}`);
  else if (status >= 400) {
    const changed = tables.filter((name) => after[name] !== baseline![name]);
    if (changed.length > 0) failures.push(`${status} wrote to ${changed.join(', ')}: ${what}`);
  }
  baseline = after;
  return status;
}

function pathFor(route: string, params: Record<string, string> = {}): string {
  return route.slice(route.indexOf(' ') + 1).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const key = params[name] ?? name;
    const value = (seed as unknown as Record<string, unknown>)[key] ?? key;
    return encodeURIComponent(
      typeof value === 'object' && value ? (value as { _id: string })._id : String(value),
    );
  });
}

/** Every path into a JSON value: [] is the body itself. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...prefix, i]));
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

type Mutation = { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'extra' };

function mutate(body: unknown, path: (string | number)[], m: Mutation): unknown {
  const copy = structuredClone(body);
  if (path.length === 0) {
    if (m.kind === 'set') return m.value;
    if (m.kind === 'extra' && copy && typeof copy === 'object' && !Array.isArray(copy))
      return { ...copy, unexpectedField: 'x' };
    return copy;
  }
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (m.kind === 'set') parent[last] = m.value;
  else if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    const target = parent[last];
    if (target && typeof target === 'object' && !Array.isArray(target))
      (target as Record<string, unknown>).unexpectedField = 'x';
    else parent[last] = [target];
  }
  return copy;
}

/** The malformed values of the issue, plus whatever fast-check makes up. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    RAW('1e309'),
    RAW('-1e309'),
    RAW('-0'),
    RAW('1e-400'),
    RAW('123456789012345678901234567890'),
    1.5,
    -1,
    1e20,
    2 ** 31,
    -(2 ** 31) - 1,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '0x1F',
    '9999-12-31',
    '2031-02-30',
    '24:00',
    '',
    '   ',
    'a\u0000b',
    '\u0000',
    '😀'.repeat(60),
    '👨‍👩‍👧‍👦 Zoë',
    '\ud800',
    null,
    true,
    [],
    {},
    [{}],
    ['a\u0000'],
    { $gt: '' },
    big(300),
    big(3_000),
    big(25_000),
    big(1_048_576),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.double(),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 8, arbitrary: badValue.map((value) => ({ kind: 'set' as const, value })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'extra' as const }) },
);

/** Whole bodies that are wrong before any field is read. */
const genericBodies: [string, string | undefined, string?][] = [
  ['no body', undefined],
  ['invalid JSON', '{"name": "a",'],
  ['not JSON', 'name=a&price=1'],
  ['JSON null', 'null'],
  ['JSON string', '"hello"'],
  ['JSON number 1e309', '1e309'],
  ['array for object', '[{"name":"a"}]'],
  ['empty object', '{}'],
  ['NUL in a key', '{"na\\u0000me":"a"}'],
  ['1 MB body', JSON.stringify({ name: big(1_048_576) })],
  ['deeply nested', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['JSON as text/plain', '{"name":"a"}', 'text/plain'],
];

describe(`malformed-input sweep (${testDialect})`, () => {
  it('covers every write route of the route table, each with a sample body', () => {
    const writes = [
      ...new Set(
        app.routes.filter((r) => WRITE_METHODS.has(r.method)).map((r) => `${r.method} ${r.path}`),
      ),
    ];
    expect(writes.length).toBeGreaterThan(40);
    const missing = writes.filter((r) => !samples[r] && !multipartRoutes.has(r));
    expect(missing, 'add a sample body to api/test/sweep-samples.ts').toEqual([]);
  });

  it('answers every generic malformed body with a 4xx and writes nothing', async () => {
    const writes = [
      ...new Set(
        app.routes.filter((r) => WRITE_METHODS.has(r.method)).map((r) => `${r.method} ${r.path}`),
      ),
    ];
    failures.length = 0;
    for (const route of writes) {
      const sample = samples[route];
      const method = route.slice(0, route.indexOf(' '));
      for (const [note, body, contentType] of genericBodies) {
        await attempt({
          route,
          method,
          path: pathFor(route, sample?.params),
          as: sample?.as ?? 'admin',
          body,
          contentType,
          note,
        });
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers one broken field of an accepted body with no 5xx and no write when refused', async () => {
    failures.length = 0;
    for (const [route, sample] of Object.entries(samples)) {
      const method = route.slice(0, route.indexOf(' '));
      const path = pathFor(route, sample.params);
      const body = sample.body(seed);
      const paths = pathsOf(body);
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: paths.length - 1 }), mutation, async (index, m) => {
          const broken = mutate(body, paths[index]!, m);
          const note = `${m.kind} at ${paths[index]!.join('.') || '(body)'}`;
          await attempt({
            route,
            method,
            path,
            as: sample.as,
            body: unraw(JSON.stringify(broken)),
            note,
          });
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 13 },
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers odd ids and odd paging on every route without a 5xx', async () => {
    const routes = [
      ...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
    ];
    const oddIds = [
      '%00',
      'x'.repeat(3000),
      '1e309',
      '-1',
      "1'; drop table users; --",
      '%F0%9F%98%80',
      '..%2F..',
    ];
    const oddQueries = [
      'page=1e309&limit=-1',
      'page=1e20&limit=1e20',
      'page=99999999999999999999',
      'page=1000000000000000&limit=10',
      'page=1.5&limit=1000000',
      'page=-0&limit=0.5',
      'page=NaN',
      'filters=%00',
      'filters=%7B%22search%22%3A%22%5Cu0000%22%7D',
      'filters=%7B%22search%22%3A1e309%7D',
      'filters=%5B%5D',
      'filters=nope',
      `filters=${encodeURIComponent(JSON.stringify({ search: big(5000) }))}`,
      'userId=%00&activityGroupIds=%5B%22%00%22%5D',
      'usage=%00&fileId=%00&accountId=acct_%00',
      `activityGroupIds=${encodeURIComponent(JSON.stringify(['x'.repeat(3000)]))}&userId=x`,
    ];
    failures.length = 0;
    for (const route of routes) {
      const method = route.slice(0, route.indexOf(' '));
      const sample = samples[route];
      const as =
        sample?.as ?? (route.includes('/user/') || route.includes('/mine') ? 'customer' : 'admin');
      const template = route.slice(route.indexOf(' ') + 1);
      const body =
        WRITE_METHODS.has(method) && sample ? JSON.stringify(sample.body(seed)) : undefined;
      if (template.includes(':'))
        for (const id of oddIds) {
          const path = template.replace(/:[A-Za-z]+/g, id);
          await attempt({ route, method, path, as, body, note: `id ${id.slice(0, 20)}` });
        }
      if (method === 'GET')
        for (const query of oddQueries) {
          const path = `${pathFor(route, sample?.params)}?${query}`;
          await attempt({ route, method, path, as, note: `query ${query.slice(0, 40)}` });
        }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers odd multipart uploads without a 5xx', async () => {
    failures.length = 0;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const forms: [string, () => FormData][] = [
      ['empty form', () => new FormData()],
      ['text instead of a file', () => form({ file: 'hello', attachment: 'hello' })],
      ['NUL in the file name', () => withFile('a\u0000b.png')],
      ['3,000-character file name', () => withFile(`${big(3000)}.png`)],
      ['emoji file name', () => withFile('😀👨‍👩‍👧.png')],
      ['path in the file name', () => withFile('../../etc/passwd.png')],
      ['no extension', () => withFile('png')],
      ['two files', () => withFile('a.png', withFile('b.png'))],
      ['NUL in the field name', () => withFile('a.png', new FormData(), 'fi\u0000le')],
    ];
    function form(fields: Record<string, string>) {
      const data = new FormData();
      for (const [k, value] of Object.entries(fields)) data.append(k, value);
      return data;
    }
    function withFile(name: string, data = new FormData(), field?: string) {
      for (const key of field ? [field] : ['file', 'attachment', 'photo'])
        data.append(key, new File([png], name, { type: 'image/png' }));
      return data;
    }
    for (const route of multipartRoutes) {
      const path = pathFor(route, { fieldName: 'photo' });
      for (const [note, make] of forms)
        for (const as of ['admin', 'customer'] as const)
          await attempt({ route, method: 'POST', path, as, body: make(), note });
    }
    expect(failures).toEqual([]);
  }, 120_000);

  afterAll(() => {
    console.info(`[sweep ${testDialect}] statuses:`, JSON.stringify(statuses));
  });
});
