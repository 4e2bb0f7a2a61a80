import { render } from '@react-email/components';
import { widgetHash } from '../../../engine/deep-links.ts';
import { unsubscribeCategoryName, unsubscribeMessages } from '../../../engine/index.ts';
import { HttpError } from '../../http/errors.ts';
import { loadTrialOffer } from '../../services/trials.ts';
import { TrialFollowUp } from '../templates/TrialFollowUp.tsx';
import { loadOrganiser } from './organiser.ts';
import { type Composer, MessageNotNeeded } from './types.ts';

/**
 * The offer after a trial session (docs/rules/trials.md), priced when it is sent (engine
 * `trialOptions`, the price checkout will charge today). Nothing left to offer (the term is
 * over, the child or activity gone) skips the message.
 */
export const composeTrialFollowUp: Composer = async (
  row,
  { db, publicUrl, now, unsubscribeUrl },
) => {
  const { followUpId } = JSON.parse(row.payload) as { followUpId?: string };
  let offer: Awaited<ReturnType<typeof loadTrialOffer>>;
  try {
    offer = await loadTrialOffer(
      db,
      row.client_id,
      row.user_id ?? '',
      followUpId ?? '',
      now.getTime(),
    );
  } catch (error) {
    if (error instanceof HttpError) throw new MessageNotNeeded('The trial offer is gone.');
    throw error;
  }
  if (offer.options.length === 0)
    throw new MessageNotNeeded('Nothing left to offer: the term has no session left.');
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const options = offer.options.map((o) =>
    o.kind === 'term'
      ? `${o.ticketName}: ${organiser.money(o.amount)} for the ${o.sessions} session${o.sessions === 1 ? '' : 's'} left${o.proRata ? ` (full term ${organiser.money(o.proRata.fullPrice)})` : ''}`
      : `${o.ticketName}: ${organiser.money(o.subscription?.monthlyAmount ?? o.amount)} a month`,
  );
  const element = (
    <TrialFollowUp
      organiser={organiser}
      parentName={row.recipient_name}
      attendee={offer.attendee.name}
      activity={offer.activityGroup.name}
      options={options}
      // Always our hosted page, which every organiser has; the widget there opens at the offer.
      unsubscribe={
        unsubscribeUrl
          ? {
              url: unsubscribeUrl,
              label: unsubscribeMessages.footer(unsubscribeCategoryName.offers),
            }
          : undefined
      }
      offerUrl={`${publicUrl}/book/${encodeURIComponent(row.client_id)}${widgetHash(`trial/${encodeURIComponent(offer._id)}`)}`}
    />
  );
  return {
    organiserName: organiser.name,
    subject: `Carry on with ${offer.activityGroup.name} for ${offer.attendee.name}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
    // The stored copy shows no working link: anyone reading it could unsubscribe the parent.
    secrets: unsubscribeUrl ? [unsubscribeUrl] : undefined,
  };
};
