import { toJsonSchema } from '@valibot/to-json-schema';
import { Hono } from 'hono';
import { type DescribeRouteOptions, describeRoute, generateSpecs, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { SESSION_COOKIE } from '../auth/tokens.ts';
import { routeDocs, TAGS } from './registry.ts';
import type { Access, RouteDoc } from './route-doc.ts';

/*
 * Builds the OpenAPI 3.1 description (docs/api/openapi.md) from the route registry. Each entry
 * becomes a `describeRoute` on a description-only Hono app with the same method and path as the
 * real route, and hono-openapi turns that app into the document, converting every valibot schema
 * with @valibot/to-json-schema. The real routes stay as they are: the registry, not the route
 * files, is where a route is described (docs/decisions.md).
 */

/** JSON Schema 2020-12 is OpenAPI 3.1's dialect; a request is described as it is sent (input). */
const SCHEMA_OPTIONS = { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' } as const;

/** The wire envelope (docs/architecture.md "Wire format"), as valibot schemas like the rest. */
const envelopes = {
  Success: v.object({
    data: v.unknown(),
    meta: v.optional(v.object({ page: v.number(), limit: v.number(), total: v.number() })),
  }),
  Error: v.object({
    message: v.string(),
    errors: v.optional(v.record(v.string(), v.string())),
  }),
};

const anyone: Record<string, string[]>[] = [];
const dashboard = { dashboardCookie: [] };
const bearer = { bearerToken: [] };
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: anyone,
  // An empty requirement first: no session is needed, but one changes what is answered.
  widget: [{}, bearer, dashboard],
  optional: [{}, dashboard, bearer],
  admin: [dashboard, bearer],
  staff: [dashboard, bearer],
  customer: [bearer],
  signedIn: [dashboard, bearer],
};
const ROLES: Record<Access, string[]> = {
  public: [],
  widget: [],
  optional: [],
  admin: ['admin'],
  staff: ['admin', 'coach'],
  customer: ['customer'],
  signedIn: ['admin', 'coach', 'customer'],
};

const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function requestBody(doc: RouteDoc): DescribeRouteOptions['requestBody'] {
  if (doc.body)
    return {
      required: true,
      content: {
        'application/json': {
          schema: resolver(doc.body.schema, SCHEMA_OPTIONS),
          example: doc.body.example,
        },
      },
    };
  if (doc.form)
    return {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: resolver(doc.form.schema, SCHEMA_OPTIONS),
          example: doc.form.example,
        },
      },
    };
  if (doc.upload) {
    const field = doc.upload;
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [field]: { type: 'string', format: 'binary' } },
            required: [field],
          },
        },
      },
    };
  }
  if (doc.raw)
    return {
      required: true,
      description: doc.raw,
      content: { 'application/json': { schema: { type: 'object' } } },
    };
  return undefined;
}

function successContent(doc: RouteDoc, path: string) {
  if (doc.produces === 'text/csv') return { 'text/csv': { schema: { type: 'string' } } };
  if (doc.produces === 'text/html') return { 'text/html': { schema: { type: 'string' } } };
  if (doc.produces === 'application/octet-stream')
    return { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };
  if (doc.produces === 'text/calendar') return { 'text/calendar': { schema: { type: 'string' } } };
  if (path === '/api/openapi.json') return { 'application/json': { schema: { type: 'object' } } };
  return { 'application/json': { schema: { $ref: '#/components/schemas/Success' } } };
}

/** One route's operation, in hono-openapi's `describeRoute` form. */
export function operationFor(path: string, doc: RouteDoc): DescribeRouteOptions {
  const status = doc.status ?? 200;
  const responses: Record<number, unknown> = {
    [status]: { description: doc.returns, content: successContent(doc, path) },
  };
  if (doc.body || doc.form || doc.query || doc.raw || doc.upload)
    responses[400] = errorRef('BadRequest');
  if (!['public', 'widget', 'optional'].includes(doc.access)) {
    responses[401] = errorRef('Unauthorised');
    responses[403] = errorRef('Forbidden');
  }
  if (path.includes(':')) responses[404] = errorRef('NotFound');
  const parameters: NonNullable<DescribeRouteOptions['parameters']> = Object.entries(
    doc.query ?? {},
  ).map(([name, description]) => ({
    in: 'query',
    name,
    description,
    required: description.includes('(required)'),
    schema: { type: 'string' },
  }));
  if (doc.access === 'widget') parameters.push({ $ref: '#/components/parameters/ClientId' });
  return {
    summary: doc.summary,
    description: doc.description,
    tags: [doc.tag],
    security: SECURITY[doc.access],
    parameters: parameters.length > 0 ? parameters : undefined,
    requestBody: requestBody(doc),
    responses,
    'x-access': doc.access,
    'x-roles': ROLES[doc.access],
  } as DescribeRouteOptions;
}

/** Hono's `:id` and `:file{[0-9a-z]+\.csv}` in OpenAPI's spelling: `{id}`, `{file}.csv`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(
    /:([A-Za-z0-9_]+)(\{(?:[^{}]|\{[^}]*\})*\})?/g,
    (_, name: string, pattern?: string) => {
      const suffix = pattern?.match(/\\(\.[a-z]+)\}$/)?.[1] ?? '';
      return `{${name}}${suffix}`;
    },
  );
}

async function build() {
  const described = new Hono();
  for (const [key, doc] of Object.entries(routeDocs)) {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const path = key.slice(space + 1);
    described.on(method, path, describeRoute(operationFor(path, doc)), (c) => c.body(null));
  }
  const document = await generateSpecs(described, {
    // `.csv` routes are API calls here, not static files.
    excludeStaticFile: false,
    // The validator-only 400 would be added to every route; ours is listed where it can happen.
    defaultValidationErrorResponse: false,
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Classwise API',
        version: '1',
        description:
          'The API behind the Classwise dashboard and booking widget. Success is `{ data }` ' +
          '(200, or 201 for a create); failure is `{ message, errors? }` with a 4xx, `errors` ' +
          'keyed by field. Money is in minor units, dates `YYYY-MM-DD` and times `HH:mm` in the ' +
          "organiser's zone. Request bodies are the same valibot schemas the routes validate " +
          'with. See docs/api/ in the repository.',
      },
      servers: [{ url: '/', description: 'This Classwise server' }],
      tags: TAGS,
      components: {
        schemas: Object.fromEntries(
          Object.entries(envelopes).map(([name, schema]) => [
            name,
            withoutDialect(toJsonSchema(schema, SCHEMA_OPTIONS) as Record<string, unknown>),
          ]),
        ),
        securitySchemes: {
          dashboardCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              "The dashboard's session: an HttpOnly cookie set by `POST /api/auth/login` for " +
              "admins and coaches. Writes that ride it must come from the dashboard's own " +
              'origin with a JSON body.',
          },
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The widget's parent session: the `token` from `POST /api/auth/login` or " +
              "`/api/auth/register`, sent as `Authorization: Bearer`. An admin's token works " +
              'the same way for scripts.',
          },
        },
        parameters: {
          ClientId: {
            in: 'header',
            name: 'X-Client-Id',
            description:
              "The organiser, as in its embed code. Needed only without a session: a session's " +
              'own organiser always wins.',
            required: false,
            schema: { type: 'string' },
          },
        },
        responses: {
          BadRequest: errorResponse('The input was refused; `errors` names each field.'),
          Unauthorised: errorResponse('No session, or an expired one.'),
          Forbidden: errorResponse("The session's role may not do this."),
          NotFound: errorResponse('No such record for this organiser.'),
        },
      },
    },
  });
  // hono-openapi spells a pattern parameter without its fixed suffix: put it back.
  const paths: Record<string, unknown> = {};
  for (const key of Object.keys(routeDocs)) {
    const honoPath = key.slice(key.indexOf(' ') + 1);
    const generated = honoPath.replace(/:([A-Za-z0-9_]+)(\{(?:[^{}]|\{[^}]*\})*\})?/g, '{$1}');
    const wanted = openApiPath(honoPath);
    paths[wanted] = document.paths[generated] ?? document.paths[wanted];
  }
  return { ...document, paths };
}

function errorResponse(description: string) {
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

function withoutDialect(schema: Record<string, unknown>) {
  const { $schema: _, ...rest } = schema;
  return rest;
}

let cached: ReturnType<typeof build> | null = null;

/** The description, built on first use and kept: it changes only with the code. */
export function openApiDocument() {
  cached ??= build();
  return cached;
}
