import * as v from 'valibot';
import { messages } from '../messages.ts';
import { PAYMENT_METHODS } from '../plans.ts';
import { WAITLIST_STATUSES } from '../waitlist.ts';
import { boundedArray, finiteNumber, id, LIMITS, requiredString } from './common.ts';

/*
 * The request bodies that are not one dialog's form: every route validates with an engine
 * schema built from the bounded primitives, so these carry the same limits as the forms.
 */

/** One custom field answer on the wire (docs/api/calls.md: `{ fieldData: [{ field, value }] }`). */
const answer = v.object({ field: id, value: v.unknown() });

/** A parent's attendee: the answers, each checked later against its field's type. */
export const attendeeAnswersSchema = v.object({ fieldData: boundedArray(answer) });

/** The organiser's attendee dialog: the same answers, and whose attendee it is. */
export const adminAttendeeAnswersSchema = v.object({
  userId: v.optional(v.nullable(id)),
  fieldData: boundedArray(answer),
});

/** A parent joining a waitlist: the group, the child and (single-session waitlists) sessions. */
export const joinWaitlistSchema = v.object({
  activityGroup: id,
  attendee: id,
  activities: v.optional(boundedArray(id), []),
});

/** An admin moving a waitlist entry; the offer's range (1–168 hours) is the engine's rule. */
export const waitlistStatusSchema = v.object({
  status: v.picklist(WAITLIST_STATUSES),
  offerHours: v.optional(finiteNumber()),
});

// The object's message is what valibot reports for a missing key: every absent field says 'Required'.
const required = messages.required;
const stripeRef = requiredString(required, LIMITS.name);

/** The Payment methods screen's switch for a connected account's payment method. */
export const connectedAccountStatusSchema = v.object(
  { accountId: stripeRef, paymentMethodId: stripeRef, connected: v.boolean(required) },
  required,
);

/** The Payment methods screen's switch for one payment method in a Stripe configuration. */
export const paymentMethodSettingSchema = v.object(
  {
    paymentMethodConfigId: stripeRef,
    paymentMethod: v.picklist(PAYMENT_METHODS, messages.unknownOption),
    enabled: v.boolean(required),
  },
  required,
);
