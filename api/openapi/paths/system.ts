import type { RouteDocs } from '../route-doc.ts';

/** Health checks for a balancer or process manager, and this description itself. */
export const systemRoutes: RouteDocs = {
  'GET /api/health': {
    tag: 'System',
    summary: 'Is the API up',
    access: 'public',
    returns: '`{ ok: true }`.',
  },
  'GET /api/health/live': {
    tag: 'System',
    summary: 'Liveness: the process answers',
    description: 'A process manager restarts the process when this stops answering.',
    access: 'public',
    returns: '`{ ok: true }`.',
  },
  'GET /api/health/ready': {
    tag: 'System',
    summary: 'Readiness: the database answers and the process is not draining',
    description:
      'A balancer sends new requests only while this answers 200; during a graceful shutdown it ' +
      'answers 503 while requests in flight finish (docs/operations.md).',
    access: 'public',
    returns: '`{ ok: true }`, or 503 with `{ ok: false }` and a message.',
  },
  'GET /api/openapi.json': {
    tag: 'System',
    summary: 'This description (OpenAPI 3.1)',
    description: 'Generated from the same valibot schemas the routes validate with.',
    access: 'public',
    returns: 'The OpenAPI document itself (not wrapped in `{ data }`).',
  },
};
