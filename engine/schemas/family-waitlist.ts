import * as v from 'valibot';
import { boundedArray, finiteNumber, id } from './common.ts';

/** A parent puts brothers and sisters on one activity's waitlist together (docs/rules/family.md). */
export const joinFamilyWaitlistSchema = v.object({
  activityGroup: id,
  /** Two to ten of the parent's own children. */
  attendees: v.pipe(boundedArray(id), v.maxLength(10)),
  activities: v.optional(boundedArray(id), []),
});

/** An organiser offers the places free now on one waitlist queue. */
export const offerWaitlistPlacesSchema = v.object({
  activityGroup: id,
  /** The session, for a waitlist kept per session; omitted for a whole-term one. */
  activity: v.optional(v.nullable(id)),
  offerHours: v.optional(finiteNumber()),
});
