import { render } from '@react-email/components';
import { widgetHash } from '../../../engine/deep-links.ts';
import { newToken } from '../../auth/tokens.ts';
import { listAttendees } from '../../services/attendees.ts';
import { offersForParent, setOfferToken } from '../../services/re-enrolment.ts';
import { ReEnrolmentOffer } from '../templates/ReEnrolmentOffer.tsx';
import { loadOrganiser } from './organiser.ts';
import { type Composer, MessageNotNeeded } from './types.ts';

/**
 * Where a re-enrolment link leads: our hosted booking page, with the widget opened at the offer
 * (`#classwise=reenrol/<token>`, engine/deep-links.ts).
 *
 * @example reEnrolmentUrl('https://app.example', 'c1', 'tok') // 'https://app.example/book/c1#classwise=reenrol/tok'
 */
export const reEnrolmentUrl = (publicUrl: string, clientId: string, token: string) =>
  `${publicUrl}/book/${encodeURIComponent(clientId)}${widgetHash(`reenrol/${encodeURIComponent(token)}`)}`;

/**
 * The parent's re-enrolment e-mail: one per parent per rollover, one link per child still being
 * offered a place. Each link's token is made here, at send time, and only its hash is stored (a
 * retried send makes new ones); the stored copy of the message has them removed.
 */
export const composeReEnrolmentOffer: Composer = async (row, { db, publicUrl }) => {
  const { reEnrolmentId } = JSON.parse(row.payload) as { reEnrolmentId?: string };
  if (!row.user_id || !reEnrolmentId) throw new Error('A re-enrolment e-mail needs its offer.');
  const offers = await offersForParent(db, row.client_id, reEnrolmentId, row.user_id);
  if (offers.length === 0)
    throw new MessageNotNeeded('Every place was answered or had lapsed by then.');
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const attendees = await listAttendees(db, row.client_id, {
    ids: offers.map((o) => o.attendee_id),
    admin: false,
  });
  const names = new Map(attendees.map((a) => [a._id, a.name]));
  const secrets: string[] = [];
  const children = [];
  const byName = [...offers].sort((a, b) =>
    (names.get(a.attendee_id) ?? '').localeCompare(names.get(b.attendee_id) ?? ''),
  );
  for (const o of byName) {
    const token = newToken();
    await setOfferToken(db, row.client_id, o.id, token);
    secrets.push(token);
    children.push({
      name: names.get(o.attendee_id) ?? 'your child',
      ticket: o.ticket_name,
      url: reEnrolmentUrl(publicUrl, row.client_id, token),
    });
  }
  const props = {
    organiser,
    parentName: row.recipient_name,
    activity: offers[0]!.group_name,
    until: organiser.instant(offers[0]!.window_ends_at),
    children,
  };
  const element = <ReEnrolmentOffer {...props} />;
  return {
    organiserName: organiser.name,
    subject: `Next term: keep ${children.map((c) => c.name).join(' and ')}'s ${children.length > 1 ? 'places' : 'place'} on ${props.activity}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
    secrets,
  };
};
