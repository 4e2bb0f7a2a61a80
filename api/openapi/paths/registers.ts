import { markSchema } from '../../../engine/index.ts';
import { ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Registers';

/** Session registers and check-in marks (docs/api/registers.md); coaches see only their own. */
export const registerRoutes: RouteDocs = {
  'GET /api/registers': {
    tag,
    summary: "A day's sessions with their counts",
    access: 'staff',
    query: { date: "The day, YYYY-MM-DD (today in the organiser's zone)." },
    returns: 'The sessions.',
  },
  'GET /api/registers/:sessionId': {
    tag,
    summary: "One session's register: each child, their answers and latest mark",
    access: 'staff',
    returns: 'The register.',
  },
  'GET /api/registers/:sessionId/marks': {
    tag,
    summary: "The register's audit trail of marks",
    access: 'staff',
    returns: 'Every mark, oldest first.',
  },
  'POST /api/registers/:sessionId/marks': {
    tag,
    summary: 'Mark a child present, late, absent or checked out',
    description:
      "The mark's `_id` is made by the device, so a mark sent twice (an offline retry) is " +
      'stored once (docs/rules/registers.md).',
    access: 'staff',
    body: {
      schema: markSchema,
      example: {
        _id: 'mark_2031_08_01_0001',
        attendee: ids.attendee,
        kind: 'present',
        at: '2031-08-01T08:58:00.000Z',
        collectedBy: null,
      },
    },
    returns: 'The mark.',
  },
};
