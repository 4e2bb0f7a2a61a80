/*
 * Reading the API's OpenAPI description (GET /api/openapi.json, docs/api/openapi.md) into what the
 * API reference screen lists: tags in order, each with its calls, and each call's request fields.
 */

export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: string;
  description?: string;
  required?: boolean;
  $ref?: string;
}

export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: {
    description?: string;
    content: Record<string, { schema?: JsonSchema; example?: unknown }>;
  };
  responses?: Record<string, { description?: string; $ref?: string }>;
  'x-access'?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<
      string,
      { type: string; description?: string; name?: string; in?: string; scheme?: string }
    >;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, { description?: string }>;
  };
}

export interface Call {
  method: string;
  path: string;
  operation: Operation;
}

export interface TagGroup {
  name: string;
  description?: string;
  calls: Call[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The calls grouped by tag, in the document's tag order, narrowed to those whose method, path or
 * summary contains `search` (any case).
 *
 * @example groupByTag(doc, 'venue') // [{ name: 'Organisation settings', calls: [GET /api/venues, …] }]
 */
export function groupByTag(doc: OpenApiDocument, search = ''): TagGroup[] {
  const needle = search.trim().toLowerCase();
  const groups = new Map<string, TagGroup>();
  for (const tag of doc.tags ?? []) groups.set(tag.name, { ...tag, calls: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const text = `${method} ${path} ${operation.summary ?? ''}`.toLowerCase();
      if (needle && !text.includes(needle)) continue;
      const name = operation.tags?.[0] ?? 'Other';
      if (!groups.has(name)) groups.set(name, { name, calls: [] });
      groups.get(name)!.calls.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return [...groups.values()].filter((group) => group.calls.length > 0);
}

/** Who may make a call, in the words the screen shows. */
export const ACCESS_LABELS: Record<string, string> = {
  public: 'Public',
  widget: 'Public (names the organiser)',
  optional: 'Public (session optional)',
  admin: 'Admin',
  staff: 'Admin or coach',
  customer: 'Parent',
  signedIn: 'Signed in',
};

export function accessLabel(operation: Operation): string {
  const access = operation['x-access'];
  if (access && ACCESS_LABELS[access]) return ACCESS_LABELS[access];
  return operation.security?.length ? 'Signed in' : 'Public';
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

/** A schema's type in a few words: `string`, `string or null`, `list of object`, `one of a, b`. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.anyOf) return [...new Set(schema.anyOf.map(typeOf))].join(' or ');
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array') return `list of ${typeOf(schema.items)}`;
  if (type === 'string' && schema.format) return `string (${schema.format})`;
  return type ?? 'any';
}

function notesOf(schema: JsonSchema): string {
  const plain = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  const notes: string[] = [];
  if (plain.minLength !== undefined && plain.minLength > 0)
    notes.push(`at least ${plain.minLength} characters`);
  if (plain.maxLength !== undefined) notes.push(`at most ${plain.maxLength} characters`);
  if (plain.minimum !== undefined) notes.push(`from ${plain.minimum}`);
  if (plain.maximum !== undefined) notes.push(`up to ${plain.maximum}`);
  if (plain.minItems !== undefined && plain.minItems > 0)
    notes.push(`at least ${plain.minItems} items`);
  if (plain.maxItems !== undefined) notes.push(`at most ${plain.maxItems} items`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.join(', ');
}

/**
 * The top-level fields of a request body's schema, one row each.
 *
 * @example fieldRows({ type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] })
 * // [{ name: 'email', type: 'string (email)', required: true, notes: '' }]
 */
export function fieldRows(schema: JsonSchema | undefined): FieldRow[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, field]) => ({
    name,
    type: typeOf(field),
    required: required.has(name),
    notes: notesOf(field),
  }));
}
