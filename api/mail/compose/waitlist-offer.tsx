import { render } from '@react-email/components';
import { widgetHash } from '../../../engine/deep-links.ts';
import { formatTimeRange } from '../../../engine/index.ts';
import { listAttendees } from '../../services/attendees.ts';
import { WaitlistOffer } from '../templates/WaitlistOffer.tsx';
import { loadOrganiser } from './organiser.ts';
import { type Composer, MessageNotNeeded } from './types.ts';

/**
 * The waitlist offer, its reminder and the notice that it lapsed, from the entry the payload
 * names. An offer that ended
 * before the send (booked, withdrawn or lapsed) is not announced: the message is skipped.
 */
export const composeWaitlistOffer: Composer = async (row, { db, publicUrl }) => {
  const { entryId, expiresAt } = JSON.parse(row.payload) as {
    entryId?: string;
    expiresAt?: string;
  };
  const variant =
    row.kind === 'waitlist-offer-lapsed'
      ? 'lapsed'
      : row.kind === 'waitlist-offer-reminder'
        ? 'reminder'
        : 'offer';
  // The offer and its reminder need the offer still open; the lapse notice needs it lapsed.
  const wanted = variant === 'lapsed' ? 'Expired' : 'Ready';
  const entry = await db
    .selectFrom('waitlist_entries as w')
    .innerJoin('activity_groups as g', 'g.id', 'w.activity_group_id')
    .leftJoin('activities as s', 's.id', 'w.activity_id')
    .select([
      'w.status',
      'w.offer_expires_at',
      'w.attendee_id',
      'g.name as group_name',
      's.date',
      's.start_time',
      's.end_time',
    ])
    .where('w.client_id', '=', row.client_id)
    .where('w.id', '=', entryId ?? '')
    .executeTakeFirst();
  if (entry?.status !== wanted || entry.offer_expires_at !== expiresAt)
    throw new MessageNotNeeded(
      variant === 'lapsed'
        ? 'The offer was taken up or made again by then.'
        : 'The offer had ended (booked, withdrawn or lapsed) by then.',
    );
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const [attendee] = await listAttendees(db, row.client_id, {
    ids: [entry.attendee_id],
    admin: false,
  });
  const props = {
    organiser,
    parentName: row.recipient_name,
    attendee: attendee?.name ?? 'your child',
    activity: entry.group_name,
    session:
      entry.date && entry.start_time && entry.end_time
        ? `${organiser.date(entry.date)}, ${formatTimeRange(entry.start_time, entry.end_time)}`
        : 'Every session of the course',
    until: organiser.instant(expiresAt!),
    variant,
    // Always our hosted page, which every organiser has (the widget on their own site is not
    // known to us): the widget there opens at the offer.
    offerUrl: `${publicUrl}/book/${encodeURIComponent(row.client_id)}${widgetHash(`offer/${encodeURIComponent(entryId!)}`)}`,
  } as const;
  const element = <WaitlistOffer {...props} />;
  return {
    organiserName: organiser.name,
    subject:
      variant === 'lapsed'
        ? `The place on ${props.activity} for ${props.attendee} has gone to the next family`
        : variant === 'reminder'
          ? `Reminder: the place on ${props.activity} for ${props.attendee} is kept until ${props.until}`
          : `A place is free on ${props.activity} for ${props.attendee}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
};
