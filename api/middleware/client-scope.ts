import type { Context } from 'hono';
import { messages } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The client a request acts for. A signed-in caller's own client always wins: a token never
 * reaches another tenant, whatever header is sent. Anonymous widget calls name the client with
 * `X-Client-Id` (the id in the organiser's embed code).
 */
export async function requestClientId(c: Context<AppEnv>): Promise<string> {
  const caller = c.get('caller');
  if (caller) return caller.clientId;
  const named = c.req.header('x-client-id') ?? c.req.query('clientId');
  if (!named) throw new HttpError(400, 'Missing X-Client-Id header.');
  const client = await findClientById(c.get('db'), named);
  if (!client) throw new HttpError(404, messages.notFound);
  return client.id;
}
