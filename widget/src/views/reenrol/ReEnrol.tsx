/*
 * Re-enrolment from the e-mailed link (`#classwise=reenrol/<token>`, docs/rules/re-enrolment.md):
 * next term's place kept for one child, confirmed in one step (nothing to pay, or pay later) or
 * declined so it goes on sale. The link is the key to this one offer, so no sign-in is needed;
 * paying by card goes through the ordinary checkout, signed in, where the kept place is the
 * child's. Its own chunk: only parents following the link load it.
 */
import { useState } from 'react';
import { formatTime, zonedParts } from '../../../../engine/dates.ts';
import type { StepProps } from '../../App.tsx';
import { dateLabel, localeFor, money } from '../../format.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, LoadFailed, StepHeading, StepSkeleton, useLoad } from '../ui.tsx';

interface OfferView {
  status: 'offered' | 'accepted' | 'declined' | 'lapsed';
  closedMessage: string | null;
  attendee: { _id: string; name: string };
  activityGroup: { _id: string; name: string };
  ticket: { _id: string; name: string };
  windowEndsAt: string;
  currency: string;
  total: number;
  amountDueNow: number;
  problem: string | null;
  methods: ('free' | 'payLater' | 'card')[];
}

/** The page's words (the server's refusals arrive in its own words). */
const reenrolText = {
  heading: (child: string, activity: string) => `Keep ${child}'s place on ${activity}`,
  kept: (until: string) => `We are keeping this place for you until ${until}.`,
  price: (ticket: string, price: string) => `${ticket}: ${price}`,
  confirmFree: 'Confirm the place',
  confirmLater: 'Confirm and pay later',
  card: 'Pay by card',
  checkout: 'Choose how to pay',
  cardNote: 'Sign in, choose your child and pay as usual: the place is kept for them.',
  decline: 'No thanks, let the place go',
  accepted: (child: string, activity: string) => `${child} is booked on ${activity}.`,
  declined: 'Thank you for letting us know: the place will go to another family.',
};

export default function ReEnrolView({ view, settings }: StepProps) {
  if (view.kind !== 'reenrol') return null;
  return (
    <div className="cw-detail">
      <Offer token={view.id} timeZone={settings.timeZone} country={settings.country} />
    </div>
  );
}

function Offer({ token, timeZone, country }: { token: string; timeZone: string; country: string }) {
  const { api, actions } = useStore();
  const path = `/api/re-enrolments/offers/${encodeURIComponent(token)}`;
  const offer = useLoad(() => api.get<OfferView>(path), `reenrol:${token}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<'accepted' | 'declined' | null>(null);
  if (offer.state.status === 'error')
    return <LoadFailed error={offer.state.error} retry={offer.reload} />;
  if (offer.state.status === 'loading') return <StepSkeleton />;
  const data = offer.state.data;
  const locale = localeFor(country);
  const at = zonedParts(Date.parse(data.windowEndsAt), timeZone);
  const until = `${formatTime(at.time)} ${dateLabel(at.date, locale)}`;
  const answer = async (action: 'accept' | 'decline', payLater = false) => {
    setBusy(true);
    setError(null);
    try {
      await api.post(
        `${path}/${action}`,
        action === 'accept' ? { paymentMethod: payLater ? { type: 'payLater' } : null } : undefined,
      );
      setDone(action === 'accept' ? 'accepted' : 'declined');
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const heading = reenrolText.heading(data.attendee.name, data.activityGroup.name);
  // Anything to pay can always go through the ordinary checkout (card, vouchers, pay later).
  const checkout = data.methods.includes('card') || data.amountDueNow > 0;
  if (done || data.status !== 'offered')
    return (
      <div className="cw-step">
        <StepHeading>{heading}</StepHeading>
        <p className="cw-notice" role="status">
          {done === 'accepted'
            ? reenrolText.accepted(data.attendee.name, data.activityGroup.name)
            : done === 'declined'
              ? reenrolText.declined
              : data.closedMessage}
        </p>
        <div className="cw-row cw-row-start">
          <button type="button" className="cw-ghost" onClick={() => actions.show({ kind: 'mine' })}>
            {text.viewMyBookings}
          </button>
        </div>
      </div>
    );
  return (
    <div className="cw-step">
      <StepHeading>{heading}</StepHeading>
      <p>{reenrolText.kept(until)}</p>
      <section className="cw-panel">
        <p>
          <strong>
            {reenrolText.price(data.ticket.name, money(data.total, data.currency, locale))}
          </strong>
        </p>
        {data.problem && <p className="cw-notice">{data.problem}</p>}
        <div className="cw-row cw-row-start">
          {data.methods.includes('free') && (
            <button
              type="button"
              className="cw-btn"
              disabled={busy}
              onClick={() => answer('accept')}
            >
              {reenrolText.confirmFree}
            </button>
          )}
          {data.methods.includes('payLater') && (
            <button
              type="button"
              className="cw-btn"
              disabled={busy}
              onClick={() => answer('accept', true)}
            >
              {reenrolText.confirmLater}
            </button>
          )}
          {checkout && (
            <button
              type="button"
              className="cw-btn"
              disabled={busy}
              onClick={() =>
                actions.show({ kind: 'book', id: data.activityGroup._id, back: false })
              }
            >
              {data.methods.includes('card') ? reenrolText.card : reenrolText.checkout}
            </button>
          )}
        </div>
        {checkout && <p className="cw-count">{reenrolText.cardNote}</p>}
      </section>
      <Alert>{error}</Alert>
      <div className="cw-row cw-row-start">
        <button
          type="button"
          className="cw-btn cw-btn-quiet"
          disabled={busy}
          onClick={() => answer('decline')}
        >
          {reenrolText.decline}
        </button>
      </div>
    </div>
  );
}
