import { createHash, randomBytes } from 'node:crypto';
import { formatTimeRange, zonedToInstant } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { loadBookingDtos } from '../services/bookings/dto.ts';
import { loadOrganiser } from './compose/organiser.ts';
import { type CalendarSession, calendarFile } from './ics.ts';

/*
 * 'Add to calendar' (docs/rules/messages.md, docs/decisions.md): each booking confirmation links
 * to the booking's calendar file on our origin. The link's token is random and only its SHA-256
 * is kept, so the link works for whoever has the e-mail and nobody can guess another booking's.
 * The file is made when opened, from the booking as it stands: cancelled places are gone.
 */

export const CALENDAR_PATH = '/account/calendar';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new calendar link for a booking, for its confirmation.
 *
 * @example await createCalendarLink(db, { clientId, bookingId, publicUrl, now }) // 'https://…/account/calendar/<token>.ics'
 */
export async function createCalendarLink(
  db: Db,
  input: { clientId: string; bookingId: string; publicUrl: string; now: Date },
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('calendar_links')
    .values({
      token_hash: hash(token),
      client_id: input.clientId,
      booking_id: input.bookingId,
      created_at: input.now.toISOString(),
    })
    .execute();
  return `${input.publicUrl}${CALENDAR_PATH}/${token}.ics`;
}

/**
 * The events of a booking's places that still stand, one per booked session (UTC, with a stable
 * id per place so a calendar updates rather than duplicates).
 */
export async function bookingCalendarSessions(
  db: Db,
  clientId: string,
  bookingId: string,
  now: Date,
): Promise<{ organiserName: string; sessions: CalendarSession[] } | null> {
  const [booking] = await loadBookingDtos(db, clientId, [bookingId], now.getTime());
  if (!booking) return null;
  const organiser = await loadOrganiser(db, clientId);
  const live = (status: string) => status === 'confirmed' || status === 'held';
  const sessions = booking.items
    .filter((item) => live(item.status))
    .flatMap((item) =>
      item.places
        .filter((place) => live(place.status))
        .map((place) => ({
          uid: `${place._id}@classwise`,
          title: `${item.activityGroup.name} (${organiser.name})`,
          description: `${item.attendee.name}, ${item.ticket.name}, ${formatTimeRange(place.activity.startTime, place.activity.endTime)}`,
          start: zonedToInstant(place.activity.date, place.activity.startTime, organiser.timeZone),
          end: zonedToInstant(place.activity.date, place.activity.endTime, organiser.timeZone),
        })),
    );
  return { organiserName: organiser.name, sessions };
}

/** The calendar file a link opens, or null for a link we never made. */
export async function calendarForToken(db: Db, token: string, now: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const link = await db
    .selectFrom('calendar_links')
    .select(['client_id', 'booking_id'])
    .where('token_hash', '=', hash(token))
    .executeTakeFirst();
  if (!link) return null;
  const found = await bookingCalendarSessions(db, link.client_id, link.booking_id, now);
  return found ? calendarFile(found.organiserName, found.sessions) : null;
}
