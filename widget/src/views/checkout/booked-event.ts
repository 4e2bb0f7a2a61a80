/*
 * The `booked` event for the organiser's analytics (`Classwise('on', 'booked', handler)`): sent
 * once a booking stands (placed with an offline method or nothing to pay, or a card hold paid),
 * never for a hold that may still run out. It says what was booked and for how much, nothing
 * about the parent or the children.
 */
import type { ActivityGroup, Booking } from '../../../../api-client/index.ts';
import { events } from '../../page.ts';

/** @example emitBooked(booking, group) */
export function emitBooked(booking: Booking, group: Pick<ActivityGroup, '_id' | 'name'>) {
  events.emit('booked', {
    bookingId: booking._id,
    status: booking.status,
    total: booking.total,
    currency: booking.currency,
    activityGroup: { _id: group._id, name: group.name },
    attendees: new Set(booking.items.map((i) => i.attendee._id)).size,
  });
}
