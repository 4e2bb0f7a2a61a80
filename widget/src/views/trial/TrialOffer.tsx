/*
 * The offer after a child's trial, opened from the follow-up e-mail's link
 * (`#classwise=trial/<id>`, docs/rules/trials.md): sign in, then one Book button per way to carry
 * on (the rest of the term at today's price, or the membership). Book puts that ticket and child
 * into the activity's basket and opens the basket step, so checkout and payment are the usual
 * ones. Its own chunk: only parents following the link load it.
 */
import type { ClientSettings, User } from '../../../../api-client/index.ts';
import type { TrialOption } from '../../../../engine/trials.ts';
import type { StepProps } from '../../App.tsx';
import { localeFor, money } from '../../format.ts';
import { RequireSignIn } from '../account/Account.tsx';
import { useStore } from '../common.tsx';
import { saveBasket } from '../journey/saved-basket.ts';
import { text } from '../text.ts';
import { LoadFailed, StepHeading, StepSkeleton, useLoad } from '../ui.tsx';

interface TrialOffer {
  _id: string;
  activityGroup: { _id: string; name: string };
  attendee: { _id: string; name: string };
  options: TrialOption[];
}

/** The offer's words (the server's refusals arrive in its own words). */
const trialText = {
  heading: (child: string, activity: string) => `Carry on with ${activity} for ${child}`,
  intro: (child: string) =>
    `We hope ${child} enjoyed the trial. Book the rest of the term in one step; you pay at checkout as usual.`,
  term: (o: TrialOption, price: string) =>
    `${o.ticketName}: ${price} for the ${o.sessions} session${o.sessions === 1 ? '' : 's'} left`,
  membership: (o: TrialOption, price: string) => `${o.ticketName}: ${price} a month`,
  book: 'Book',
  bookLabel: (what: string) => `Book ${what}`,
  nothingLeft: 'There is nothing left to book this term.',
};

export default function TrialOfferView({ view, settings }: StepProps) {
  return (
    <div className="cw-detail">
      <RequireSignIn>
        {(user) =>
          view.kind === 'trial' ? <Offer id={view.id} user={user} settings={settings} /> : null
        }
      </RequireSignIn>
    </div>
  );
}

function Offer({ id, user, settings }: { id: string; user: User; settings: ClientSettings }) {
  const store = useStore();
  const { api, actions } = store;
  const offer = useLoad(
    () => api.get<TrialOffer>(`/api/trials/${encodeURIComponent(id)}`),
    `trial:${user._id}:${id}`,
  );
  if (offer.state.status === 'error') {
    return <LoadFailed error={offer.state.error} retry={offer.reload} />;
  }
  if (offer.state.status === 'loading') return <StepSkeleton />;
  const data = offer.state.data;
  const locale = localeFor(settings.country);
  const price = (minor: number) => money(minor, settings.currency, locale);
  const book = (option: TrialOption) => {
    const child = data.attendee._id;
    saveBasket(store.clientId, {
      group: data.activityGroup._id,
      user: user._id,
      attendeeIds: [child],
      choices: { [child]: { ticketId: option.ticketId, sessionIds: [], addOnIds: [] } },
      extras: { discountCode: '', useAccountCredit: false, usePassCredits: false },
      quote: null,
      hold: null,
    });
    actions.show({ kind: 'book', id: data.activityGroup._id, back: false, step: 'basket' });
  };
  return (
    <div className="cw-step">
      <StepHeading>{trialText.heading(data.attendee.name, data.activityGroup.name)}</StepHeading>
      <p>{trialText.intro(data.attendee.name)}</p>
      {data.options.length === 0 ? (
        <p className="cw-notice">{trialText.nothingLeft}</p>
      ) : (
        data.options.map((o) => {
          const what =
            o.kind === 'term'
              ? trialText.term(o, price(o.amount))
              : trialText.membership(o, price(o.subscription?.monthlyAmount ?? o.amount));
          return (
            <section key={o.ticketId} className="cw-panel" aria-label={what}>
              <p>
                <strong>{what}</strong>
              </p>
              <div className="cw-row cw-row-start">
                <button
                  type="button"
                  className="cw-btn"
                  aria-label={trialText.bookLabel(what)}
                  onClick={() => book(o)}
                >
                  {trialText.book}
                </button>
              </div>
            </section>
          );
        })
      )}
      <div className="cw-row cw-row-start">
        <button type="button" className="cw-ghost" onClick={() => actions.show({ kind: 'mine' })}>
          {text.viewMyBookings}
        </button>
      </div>
    </div>
  );
}
