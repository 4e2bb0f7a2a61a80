import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { fieldErrors, messages } from '../../engine/index.ts';
import { HttpError } from './errors.ts';

/**
 * Reads a JSON body and validates it with the engine's schema (the same one the form uses), so
 * the server answers with the form's own messages. Bad input is a 400 and nothing is written.
 *
 * @example const input = await readBody(c, registrationSchema);
 */
export async function readBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  return parse(schema, await readJson(c));
}

/**
 * The request's JSON body, not yet checked by a schema; a 400 when it is not JSON or holds a
 * value neither database stores (see `refuseUnstorable`).
 */
export async function readJson(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body must be JSON.');
  }
  refuseUnstorable(body);
  return body;
}

/** Validates any value (query, params) with a schema; 400 with per-field errors otherwise. */
export function parse<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  refuseUnstorable(value);
  const result = v.safeParse(schema, value);
  // Checked again after the schema: a query's JSON text (`filters`) only becomes values here.
  if (result.success) {
    refuseUnstorable(result.output);
    return result.output;
  }
  const errors = fieldErrors(result.issues);
  const first = Object.values(errors)[0];
  throw new HttpError(400, first ?? messages.invalidInput, errors);
}

/**
 * The last line behind the schemas' bounded primitives, for every JSON body and query: text
 * with U+0000 (PostgreSQL refuses it where SQLite stores it) and numbers JSON can spell but not
 * hold (`1e309` parses to Infinity). Answers 400 naming the field, the same on both databases.
 */
export function refuseUnstorable(value: unknown): void {
  const errors: Record<string, string> = {};
  const queue: [unknown, string][] = [[value, '']];
  // Breadth first, so the fields are named in the order a person reads the form.
  for (let i = 0; i < queue.length; i++) {
    const [item, path] = queue[i]!;
    const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
    if (typeof item === 'string') {
      if (item.includes('\u0000')) errors[path || '_'] = messages.invalidCharacter;
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) errors[path || '_'] = messages.invalidNumber;
    } else if (Array.isArray(item)) {
      for (const [index, entry] of item.entries()) queue.push([entry, at(index)]);
    } else if (item && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) {
        if (key.includes('\u0000')) errors[at(key)] = messages.invalidCharacter;
        queue.push([entry, at(key)]);
      }
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, errors);
}

/**
 * The same refusal for the URL: a NUL in a path id or a query value would reach PostgreSQL as
 * text it cannot hold (a 500) where SQLite simply finds nothing.
 */
export const refuseUnstorableUrl: MiddlewareHandler = async (c, next) => {
  let path = c.req.path;
  try {
    path = decodeURIComponent(path);
  } catch {
    throw new HttpError(400, messages.invalidInput);
  }
  if (path.includes('\u0000')) throw new HttpError(400, messages.invalidCharacter);
  for (const [name, values] of Object.entries(c.req.queries()))
    if (name.includes('\u0000') || values.some((value) => value.includes('\u0000')))
      throw new HttpError(400, messages.invalidCharacter, { [name]: messages.invalidCharacter });
  await next();
};
