import { render } from '@react-email/components';
import { bookingReference } from '../../../engine/index.ts';
import { PaymentNotice } from '../templates/PaymentNotice.tsx';
import { loadOrganiser } from './organiser.ts';
import { type Composer, MessageNotNeeded } from './types.ts';

/** The activities a booking is for, as one phrase: 'Football, Tennis'. */
async function activitiesOf(
  db: Parameters<Composer>[1]['db'],
  clientId: string,
  bookingId: string,
) {
  const rows = await db
    .selectFrom('booking_items as i')
    .innerJoin('activity_groups as g', 'g.id', 'i.activity_group_id')
    .select('g.name')
    .distinct()
    .where('i.client_id', '=', clientId)
    .where('i.booking_id', '=', bookingId)
    .orderBy('g.name')
    .execute();
  return rows.map((r) => r.name).join(', ');
}

/**
 * To the parent: a subscription's monthly payment failed (with when Stripe tries again), or an
 * instalment of a payment schedule is about to be taken from their saved card (skipped when it
 * was paid, cancelled or failed by the time the notice is due).
 */
export const composePaymentNotice: Composer = async (row, { db, publicUrl }) => {
  if (!row.booking_id) throw new Error('A payment notice needs its booking.');
  const payload = JSON.parse(row.payload) as {
    amount?: number;
    nextAttemptAt?: string | null;
    scheduledPaymentId?: string;
    collectAt?: string;
  };
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const activities = await activitiesOf(db, row.client_id, row.booking_id);
  const bookingNumber = `Booking number ${bookingReference(row.booking_id)}`;
  let subject: string;
  let paragraphs: string[];
  if (row.kind === 'instalment-due') {
    const instalment = await db
      .selectFrom('scheduled_payments')
      .select(['status', 'amount', 'due_date'])
      .where('client_id', '=', row.client_id)
      .where('id', '=', payload.scheduledPaymentId ?? '')
      .executeTakeFirst();
    if (instalment?.status !== 'scheduled')
      throw new MessageNotNeeded('The instalment was taken, cancelled or failed by then.');
    const amount = organiser.money(instalment.amount);
    const when = payload.collectAt
      ? organiser.instant(payload.collectAt)
      : organiser.date(instalment.due_date);
    subject = `Your next payment of ${amount} to ${organiser.name} is on ${when}`;
    paragraphs = [
      `The next instalment for ${activities} (${amount}) will be taken from the card you saved on ${when}.`,
      `Please make sure the card can be charged then. If it has changed, contact ${organiser.name} before that date.`,
    ];
  } else {
    const amount = organiser.money(payload.amount ?? 0);
    subject = `Your payment of ${amount} to ${organiser.name} failed`;
    paragraphs = [
      `We could not take this month's payment of ${amount} for ${activities}.`,
      payload.nextAttemptAt
        ? `Your card will be tried again on ${organiser.instant(payload.nextAttemptAt)}. Please make sure it can be charged, or contact ${organiser.name} to pay another way.`
        : `Please contact ${organiser.name} to pay another way, or the subscription may end.`,
    ];
  }
  const element = (
    <PaymentNotice
      organiser={organiser}
      parentName={row.recipient_name}
      bookingNumber={bookingNumber}
      paragraphs={paragraphs}
    />
  );
  return {
    organiserName: organiser.name,
    subject,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
};
