import type { Context } from 'hono';
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

/** The request's JSON body, unvalidated; a 400 when it is not JSON. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body must be JSON.');
  }
}

/** Validates any value (query, params) with a schema; 400 with per-field errors otherwise. */
export function parse<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const errors = fieldErrors(result.issues);
  const first = Object.values(errors)[0];
  throw new HttpError(400, first ?? messages.invalidInput, errors);
}
