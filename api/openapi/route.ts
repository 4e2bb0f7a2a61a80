import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { openApiDocument } from './document.ts';

/**
 * GET /api/openapi.json: the API described (docs/api/openapi.md). Public: it holds no data, only
 * what the calls accept, and the dashboard's API reference page renders it.
 */
export const openApi = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(await openApiDocument());
});
