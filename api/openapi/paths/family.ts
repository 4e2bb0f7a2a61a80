import {
  joinFamilyWaitlistSchema,
  offerWaitlistPlacesSchema,
} from '../../../engine/schemas/family-waitlist.ts';
import { ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Waitlists';

/** Waitlists for families (docs/rules/family.md). */
export const familyRoutes: RouteDocs = {
  'POST /api/waitlists/family': {
    tag,
    summary: 'Put brothers and sisters on a waitlist together',
    description:
      'Each child must be able to join on their own (ages, school years, places); all join under one family id, or none does.',
    access: 'customer',
    body: {
      schema: joinFamilyWaitlistSchema,
      example: {
        activityGroup: ids.group,
        attendees: [ids.attendee, ids.attendee],
        activities: [],
      },
    },
    status: 201,
    returns: 'The new entries, one per child (and session).',
  },
  'POST /api/waitlists/offer-places': {
    tag,
    summary: 'Offer the places free now to the children waiting, in queue order',
    description:
      'Siblings who joined together are offered together when there are places for all of them; a child outside the ages or school years, or booked already, is passed over.',
    access: 'admin',
    body: {
      schema: offerWaitlistPlacesSchema,
      example: { activityGroup: ids.group, activity: null, offerHours: 48 },
    },
    returns:
      '`offered` entry ids, `families` offered together, `skipped` with reasons, `placesFree`.',
  },
};
