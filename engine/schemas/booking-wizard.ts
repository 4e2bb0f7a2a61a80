import * as v from 'valibot';
import { messages } from '../messages.ts';
import { boundedArray, formSchema, id, isBlank, optionalText } from './common.ts';

/**
 * Admin booking wizard, step 'Select activity'.
 *
 * @example v.safeParse(bookingActivityStepSchema, {}).issues?.[0].message // 'Please select an activity'
 */
export const bookingActivityStepSchema = formSchema(
  { userId: optionalText, activityGroupId: optionalText },
  (f) => {
    const list = [];
    if (isBlank(f.userId)) list.push({ path: ['userId'], message: messages.noUserSet });
    if (isBlank(f.activityGroupId))
      list.push({ path: ['activityGroupId'], message: messages.selectActivity });
    return list;
  },
  (f) => ({ userId: f.userId!, activityGroupId: f.activityGroupId! }),
);

const ticketChoice = v.strictObject({
  ticketId: id,
  attendeeIds: boundedArray(id),
  sessionIds: v.optional(boundedArray(id)),
  addOnIds: v.optional(boundedArray(id)),
});

/**
 * Step 'Select tickets': at least one ticket with at least one attendee. Choices whose
 * attendee list is empty are dropped, as the wizard drops groups with no attendees
 * (docs/rules/editing-and-states.md).
 *
 * @example v.safeParse(bookingTicketsStepSchema, { tickets: [] }).issues?.[0].message // 'Please select at least one ticket'
 */
export const bookingTicketsStepSchema = formSchema(
  { tickets: v.optional(v.nullable(boundedArray(ticketChoice))) },
  (f) =>
    (f.tickets ?? []).some((t) => t.attendeeIds.length > 0)
      ? []
      : [{ path: ['tickets'], message: messages.selectTicket }],
  (f) => ({ tickets: (f.tickets ?? []).filter((t) => t.attendeeIds.length > 0) }),
);

/**
 * Lowers a ticket's quantity in the admin booking flow without going below one attendee.
 *
 * @example decreaseQuantity(['a1', 'a2']) // ['a1']
 */
export function decreaseQuantity(attendeeIds: readonly string[]): string[] {
  return attendeeIds.length <= 1 ? [...attendeeIds] : attendeeIds.slice(0, -1);
}
