import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
  testDialect,
} from '../test/harness.ts';
import { openApiPath } from './document.ts';
import { routeDocs } from './registry.ts';
import type { Access } from './route-doc.ts';

/*
 * The API description (GET /api/openapi.json) against the app itself: every route of Hono's own
 * route table is described and nothing else is, every example request passes the valibot schema
 * the route validates with, and the access each route is described with is what the route
 * enforces when called with no session, a parent's session and an admin's.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

let ctx: TestContext;
let doc: any;
let admin: { token: string };
let parent: { token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.request('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  const org = await signUpOrganiser(ctx);
  admin = org;
  parent = await registerCustomer(ctx, org.clientId);
}, 60_000);
afterAll(() => ctx?.close());

/** `METHOD path` of every route the app answers, as Hono's route table spells them. */
function appRoutes(): string[] {
  return [
    ...new Set(
      ctx.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
    ),
  ].sort();
}

/** The app's routes that have an entry (the test above names any that do not). */
const describedRoutes = () => appRoutes().filter((route) => routeDocs[route]);

/** A URL for a route template: `x` for each id, a `.csv` name where the pattern wants one. */
function concrete(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{(?:[^{}]|\{[^}]*\})*\})?/g, (_, _name, pattern) =>
    pattern?.includes('\\.csv') ? 'abc123.csv' : 'x',
  );
}

function operation(route: string) {
  const [method, path] = route.split(' ') as [string, string];
  return doc.paths[openApiPath(path)]?.[method.toLowerCase()];
}

describe(`the API description (${testDialect})`, () => {
  it('is OpenAPI 3.1, served to anyone', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Classwise API');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'bearerToken',
      'dashboardCookie',
    ]);
  });

  it('describes every route of the app, and no route the app does not have', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const undescribed = routes.filter((route) => !routeDocs[route]);
    expect(undescribed, 'describe these in api/openapi/paths/*.ts').toEqual([]);
    const stale = Object.keys(routeDocs).filter((route) => !routes.includes(route));
    expect(stale, 'these are described but the app has no such route').toEqual([]);
    const missing = routes.filter((route) => !operation(route)?.summary);
    expect(missing, 'routes absent from /api/openapi.json').toEqual([]);
  });

  it('gives every write route its body: JSON, a form, an upload, or none said why', () => {
    const writes = describedRoutes().filter((route) => WRITES.has(route.split(' ')[0]!));
    const unclear = writes.filter((route) => {
      const entry = routeDocs[route]!;
      const kinds = [entry.body, entry.form, entry.upload, entry.raw, entry.noBody];
      return kinds.filter((kind) => kind !== undefined).length !== 1;
    });
    expect(unclear).toEqual([]);
    for (const route of writes) {
      const entry = routeDocs[route]!;
      const body = operation(route).requestBody;
      if (entry.noBody) expect(body, route).toBeUndefined();
      else expect(Object.keys(body.content), route).toHaveLength(1);
    }
  });

  it('has example requests that pass the schemas the routes validate with', () => {
    let checked = 0;
    for (const [route, entry] of Object.entries(routeDocs)) {
      const json = entry.body ?? entry.form;
      if (!json) continue;
      const content = Object.values(operation(route).requestBody.content)[0] as any;
      // The served example is the one checked here, and its schema came from valibot.
      expect(content.example, route).toEqual(json.example);
      const result = v.safeParse(json.schema, json.example);
      expect(
        result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`),
        route,
      ).toBeUndefined();
      // The JSON Schema agrees: the example's fields are the schema's, its required ones present.
      const schema = content.schema;
      expect(schema.type, route).toBe('object');
      for (const key of Object.keys(json.example as object))
        expect(Object.keys(schema.properties), `${route} ${key}`).toContain(key);
      for (const key of schema.required ?? [])
        expect(Object.keys(json.example as object), `${route} ${key}`).toContain(key);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('refuses an example once broken, so the schemas in it are the real ones', () => {
    // One field of a described body made wrong: the same schema says no.
    const login = routeDocs['POST /api/auth/login']!.body!;
    const broken = { ...(login.example as object), email: 'not an address' };
    expect(v.safeParse(login.schema, broken).success).toBe(false);
    const schema = operation('POST /api/auth/login').requestBody.content['application/json'].schema;
    expect(schema.properties.email.format).toBe('email');
    expect(schema.additionalProperties).toBe(false);
  });

  it('marks each route with the access the route enforces', async () => {
    const wrong: string[] = [];
    const as = async (route: string, token?: string) => {
      const [method, path] = route.split(' ') as [string, string];
      const res = await ctx.request(method, concrete(path), {
        token,
        body: WRITES.has(method) ? {} : undefined,
      });
      return res.status;
    };
    const signedOutRefused: Access[] = ['admin', 'staff', 'customer', 'signedIn'];
    for (const route of describedRoutes()) {
      const { access } = routeDocs[route]!;
      const anonymous = await as(route);
      if (signedOutRefused.includes(access) !== (anonymous === 401))
        wrong.push(`${route} (${access}) answered ${anonymous} signed out`);
      if (access === 'admin' || access === 'staff') {
        const status = await as(route, parent.token);
        if (status !== 403) wrong.push(`${route} (${access}) answered ${status} to a parent`);
      }
      if (access === 'customer') {
        const status = await as(route, admin.token);
        if (status !== 403) wrong.push(`${route} (customer) answered ${status} to an admin`);
      }
      // The security requirements say the same: none for public routes, a session otherwise.
      const security = operation(route).security;
      if (access === 'public') expect(security, route).toEqual([]);
      else if (access === 'widget' || access === 'optional') expect(security[0], route).toEqual({});
      else
        expect(
          security.some((s: object) => Object.keys(s).length === 0),
          route,
        ).toBe(false);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
