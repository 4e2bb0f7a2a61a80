/*
 * The booking journey for one activity group (issue 5): sign in or register, attendees,
 * tickets/sessions/add-ons, basket; then the checkout chunk (payment and confirmation), fetched
 * only when the basket is ready. The choices live here, so going back (or being sent back by a
 * 409 when a place went) keeps them.
 */
import { useEffect, useMemo, useState } from 'react';
import type {
  ActivityGroup,
  Attendee,
  Booking,
  ClientSettings,
  PaymentOptions,
  Quote,
  User,
  WaitlistEntry,
} from '../../../../api-client/index.ts';
import type { BookingStep } from '../../../../engine/deep-links.ts';
import { priceBasket } from '../../../../engine/pricing/basket.ts';
import { ticketPaymentProblem } from '../../../../engine/recurring-payments.ts';
import type { StepProps } from '../../App.tsx';
import { loadCheckout, useChunk } from '../../lazy.ts';
import { emitStep } from '../../step-event.ts';
import { findInList, useWidget } from '../../store.ts';
import { strings } from '../../strings.ts';
import { RequireSignIn } from '../account/Account.tsx';
import { DetailSkeleton, ErrorNotice, useStore } from '../common.tsx';
import { LoadFailed, StepSkeleton, useLoad } from '../ui.tsx';
import { AttendeesStep } from './Attendees.tsx';
import { BasketStep, type Extras } from './Basket.tsx';
import { basketLines, bookedSessions, type Choice, groupRow, untickSessions } from './basket.ts';
import { PlaceGone, type PlaceGoneNotice } from './PlaceGone.tsx';
import { StepIndicator } from './StepIndicator.tsx';
import { readBasket, saveBasket } from './saved-basket.ts';
import { TicketsStep } from './Tickets.tsx';

export default function Journey({ view, settings }: StepProps) {
  const store = useStore();
  const id = view.kind === 'book' ? view.id : '';
  const fromList = useWidget(store, (s) => findInList(s, id));
  const fetched = useWidget(store, (s) => s.groups[id]);
  // A group fetched on its own is the fresher copy (refreshed after a place went).
  const group = (fetched?.status === 'ready' ? fetched.data : undefined) ?? fromList;
  if (!group) {
    if (fetched?.status === 'error') {
      return <ErrorNotice title={strings.loadGroupFailed} message={fetched.message} />;
    }
    return <DetailSkeleton />;
  }
  const back = () => store.actions.showGroup(group._id, { back: store.hasListing, focus: true });
  return (
    <div className="cw-detail">
      <RequireSignIn>
        {(user) => <BookingFlow group={group} settings={settings} user={user} onExit={back} />}
      </RequireSignIn>
    </div>
  );
}

function BookingFlow({
  group,
  settings,
  user,
  onExit,
}: {
  group: ActivityGroup;
  settings: ClientSettings;
  user: User;
  onExit: () => void;
}) {
  const store = useStore();
  const { api } = store;
  // The step lives in the view (and so in the page's URL hash: Back and Forward move between
  // steps); the basket in session storage, so a reload returns to both (saved-basket.ts).
  const view = useWidget(store, (s) => s.view);
  const [saved] = useState(() => readBasket(store.clientId, group._id, user._id));
  const [attendeeIds, setAttendeeIds] = useState<string[]>(saved?.attendeeIds ?? []);
  const [choices, setChoices] = useState<Record<string, Choice>>(saved?.choices ?? {});
  const [extras, setExtras] = useState<Extras>(
    saved?.extras ?? { discountCode: '', useAccountCredit: false, usePassCredits: false },
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [quote, setQuote] = useState<Quote | null>(saved?.quote ?? null);
  // The basket's places, held from the payment step until placed or released (issue 11).
  const [hold, setHold] = useState<Booking | null>(saved?.hold ?? null);
  const [placed, setPlaced] = useState(false);
  const wanted = (view.kind === 'book' && view.step) || 'attendees';
  // A step that cannot show yet (a link or Forward into the middle) shows the one before it.
  const step: BookingStep =
    wanted !== 'attendees' && attendeeIds.length === 0
      ? 'attendees'
      : wanted === 'payment' && (!hold || !quote)
        ? 'basket'
        : wanted;
  const setStep = (next: BookingStep, replace = false) =>
    store.actions.show({ kind: 'book', id: group._id, back: true, step: next }, replace);
  useEffect(() => {
    if (step !== wanted) setStep(step, true);
    // Left the payment step: its hold was given back (Checkout), a booked basket starts afresh.
    if (step !== 'payment' && hold) setHold(null);
    if (step !== 'payment' && placed) {
      setPlaced(false);
      setAttendeeIds([]);
      setChoices({});
    }
  });
  useEffect(() => {
    saveBasket(
      store.clientId,
      placed
        ? null
        : { group: group._id, user: user._id, attendeeIds, choices, extras, quote, hold },
    );
  }, [store.clientId, group._id, user._id, attendeeIds, choices, extras, quote, hold, placed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per step shown.
  useEffect(() => {
    emitStep(step, group, step === 'payment' ? quote : null, attendeeIds.length);
  }, [step]);
  const [gone, setGone] = useState<PlaceGoneNotice | null>(null);
  const [created, setCreated] = useState<Attendee[]>([]);

  const attendees = useLoad(() => api.get<Attendee[]>('/api/user/attendees'), `att:${user._id}`);
  // Sessions each attendee already has, to disable them; the server re-checks on booking.
  const mine = useLoad(() => api.get<Booking[]>('/api/bookings/mine'), `mine:${user._id}`);
  const options = useLoad(
    () => api.get<PaymentOptions>('/api/bookings/payment-options'),
    `options:${user._id}`,
  );
  const booked = useMemo(
    () => bookedSessions(mine.state.status === 'ready' ? mine.state.data : []),
    [mine.state],
  );
  // Places a waitlist offer keeps for an attendee: full for others, bookable for them.
  const offers = useLoad(
    () =>
      api.get<WaitlistEntry[]>(
        `/api/waitlists?limit=1000&filters=${encodeURIComponent(JSON.stringify({ status: 'Ready', activityGroup: group._id }))}`,
      ),
    `offers:${user._id}:${group._id}`,
  );
  // And the places re-enrolment keeps for them on next term's copy (docs/rules/re-enrolment.md).
  const kept = useLoad(
    () =>
      api.get<{ attendee: { _id: string }; activityIds: string[] }[]>(
        `/api/re-enrolments/mine?activityGroup=${encodeURIComponent(group._id)}`,
      ),
    `kept:${user._id}:${group._id}`,
  );
  const offered = useMemo(() => {
    const out = new Map<string, Set<string>>();
    for (const e of offers.state.status === 'ready' ? offers.state.data : []) {
      const ids = e.activity ? [e.activity._id] : group.activities.map((s) => s._id);
      out.set(e.attendee._id, new Set([...(out.get(e.attendee._id) ?? []), ...ids]));
    }
    for (const k of kept.state.status === 'ready' ? kept.state.data : [])
      out.set(k.attendee._id, new Set([...(out.get(k.attendee._id) ?? []), ...k.activityIds]));
    return out;
  }, [offers.state, kept.state, group]);

  const all = attendees.state.status === 'ready' ? attendees.state.data : null;
  const list = useMemo(
    () => (all ? [...all, ...created.filter((c) => !all.some((a) => a._id === c._id))] : []),
    [all, created],
  );
  const chosen = list.filter((a) => attendeeIds.includes(a._id));

  // The engine's per-attendee problems, shown on the tickets step as the parent chooses.
  const problems = useMemo(() => {
    const lines = basketLines(group, attendeeIds, choices);
    const result = priceBasket({
      groups: [groupRow(group)],
      lines,
      now: Date.now(),
      settings: {
        timeZone: settings.timeZone,
        currency: settings.currency,
        planLevel: settings.planLevel,
        dateFormat: settings.dateFormat,
      },
    });
    const out: Record<string, string[]> = {};
    for (const p of result.problems) {
      const attendee = lines[p.lineKey]?.attendeeId;
      if (attendee) out[attendee] = [...(out[attendee] ?? []), p.message];
    }
    return out;
  }, [group, attendeeIds, choices, settings]);

  // Lost the race for a place: back to choosing, the session unticked, fresh places left.
  const placeGone = (message: string, sessionIds: string[]) => {
    setChoices((s) => untickSessions(group, s, sessionIds));
    setNotice(null);
    setGone({ message, sessionIds });
    mine.reload();
    store.actions.refreshGroup(group._id);
    setStep('tickets');
  };

  if (attendees.state.status === 'error') {
    return <LoadFailed error={attendees.state.error} retry={attendees.reload} />;
  }
  if (!all) return <StepSkeleton />;
  return (
    <>
      <StepIndicator step={step} name={group.name} />
      {stepView()}
    </>
  );

  function stepView() {
    switch (step) {
      case 'attendees':
        return (
          <AttendeesStep
            group={group}
            attendees={list}
            chosen={attendeeIds}
            onCreated={(a) => setCreated((s) => [...s, a])}
            onBack={onExit}
            onNext={(ids) => {
              setAttendeeIds(ids);
              setStep('tickets');
            }}
          />
        );
      case 'tickets':
        return (
          <TicketsStep
            group={group}
            settings={settings}
            unavailable={unavailableTickets(
              group,
              options.state.status === 'ready' ? options.state.data : null,
            )}
            attendees={chosen}
            choices={choices}
            booked={booked}
            offered={offered}
            problems={problems}
            notice={gone ? <PlaceGone notice={gone} group={group} settings={settings} /> : notice}
            onChange={(attendeeId, choice) => setChoices((s) => ({ ...s, [attendeeId]: choice }))}
            onBack={() => setStep('attendees')}
            onNext={() => {
              setNotice(null);
              setGone(null);
              setStep('basket');
            }}
          />
        );
      case 'basket':
        return (
          <BasketStep
            group={group}
            settings={settings}
            attendees={chosen}
            attendeeIds={attendeeIds}
            choices={choices}
            extras={extras}
            options={options.state.status === 'ready' ? options.state.data : null}
            onExtras={setExtras}
            onBack={() => setStep('tickets')}
            onNext={(q, held) => {
              setQuote(q);
              setHold(held);
              setStep('payment');
            }}
            onPlaceGone={placeGone}
          />
        );
      case 'payment':
        return (
          <CheckoutStep
            group={group}
            settings={settings}
            attendeeIds={attendeeIds}
            choices={choices}
            extras={extras}
            quote={quote!}
            hold={hold!}
            options={options.state.status === 'ready' ? options.state.data : null}
            onPlaced={() => setPlaced(true)}
            onBack={(message) => {
              setNotice(message);
              // A place went: back to choosing, with the fresh places left from the server.
              if (message) {
                mine.reload();
                store.actions.refreshGroup(group._id);
                setStep('tickets');
              } else setStep('basket');
            }}
          />
        );
    }
  }
}

/**
 * Tickets the parent cannot pay for with what the organiser accepts (a membership without card
 * payments), with the reason: shown but not offered, so the basket never meets a £0 membership.
 */
function unavailableTickets(group: ActivityGroup, options: PaymentOptions | null) {
  const out: Record<string, string> = {};
  if (!options) return out;
  for (const ticket of group.tickets) {
    const problem = ticketPaymentProblem(ticket, { cardAvailable: options.card });
    if (problem) out[ticket._id] = problem;
  }
  return out;
}

/** The checkout chunk, loaded on demand (it is not part of the initial bundle). */
function CheckoutStep(props: {
  group: ActivityGroup;
  settings: ClientSettings;
  attendeeIds: string[];
  choices: Record<string, Choice>;
  extras: Extras;
  quote: Quote;
  hold: Booking;
  options: PaymentOptions | null;
  onPlaced: () => void;
  onBack: (message: string | null) => void;
}) {
  const chunk = useChunk(loadCheckout);
  if (chunk.error) return <LoadFailed error={chunk.error} retry={chunk.retry} />;
  if (!chunk.module) return <StepSkeleton />;
  const Checkout = chunk.module.default;
  return <Checkout {...props} />;
}
