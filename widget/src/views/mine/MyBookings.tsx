/*
 * "My bookings" (issue 5, step 7): the parent's upcoming sessions per attendee, each with Cancel.
 * Cancelling first asks the server for the engine's refund quote (amount, kind, the refund
 * methods allowed, or why online cancellation is not possible), then cancels with the chosen
 * method. Its own chunk: most visits never open it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Booking, ClientSettings, User, WaitlistEntry } from '../../../../api-client/index.ts';
import { zonedParts } from '../../../../engine/dates.ts';
import { isUpcoming } from '../../../../engine/pricing/lines.ts';
import type { StepProps } from '../../App.tsx';
import { dateLabel, localeFor, money, timeRange } from '../../format.ts';
import { RequireSignIn } from '../account/Account.tsx';
import { CardPayment } from '../checkout/CardPayment.tsx';
import { Countdown } from '../checkout/Countdown.tsx';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { LoadFailed, StepHeading, StepSkeleton, useLoad } from '../ui.tsx';
import { BookingMoney } from './BookingMoney.tsx';
import { CancelPanel } from './CancelPanel.tsx';
import { AbsencePanel, MakeUpCredits, makeUpText } from './MakeUps.tsx';
import { ReleasedUnpaid } from './PaymentDeadline.tsx';
import { activeWaitlistPath, WaitlistOffers } from './WaitlistOffers.tsx';

export default function MyBookings({ view, settings }: StepProps) {
  const { actions } = useStore();
  return (
    <div className="cw-detail">
      <p>
        <button
          type="button"
          className="cw-ghost"
          onClick={() => actions.show({ kind: 'listing', focus: true })}
        >
          <span aria-hidden="true">← </span>
          {text.backToList}
        </button>
      </p>
      <RequireSignIn>
        {(user) =>
          view.kind === 'offer' ? (
            <Offer id={view.id} user={user} settings={settings} />
          ) : (
            <Mine user={user} settings={settings} />
          )
        }
      </RequireSignIn>
    </div>
  );
}

/**
 * One waitlist offer, opened from its e-mail's link (`#classwise=offer/<id>`): the kept place and
 * its Book button, or why it is no longer there.
 */
function Offer({ id, user, settings }: { id: string; user: User; settings: ClientSettings }) {
  const { api, actions } = useStore();
  const entries = useLoad(
    () => api.get<WaitlistEntry[]>(activeWaitlistPath),
    `waitlist:${user._id}`,
  );
  const [done, setDone] = useState<string | null>(null);
  if (entries.state.status === 'error') {
    return <LoadFailed error={entries.state.error} retry={entries.reload} />;
  }
  if (entries.state.status === 'loading') return <StepSkeleton />;
  const offer = entries.state.data.filter((e) => e._id === id && e.status === 'Ready');
  return (
    <div className="cw-step">
      <StepHeading>{text.offerHeading}</StepHeading>
      {done ? (
        <p className="cw-ok" role="status">
          {done}
        </p>
      ) : offer.length === 0 ? (
        <p className="cw-notice">{text.offerGone}</p>
      ) : (
        <WaitlistOffers entries={offer} settings={settings} onChanged={setDone} />
      )}
      <div className="cw-row cw-row-start">
        <button type="button" className="cw-ghost" onClick={() => actions.show({ kind: 'mine' })}>
          {text.viewMyBookings}
        </button>
      </div>
    </div>
  );
}

interface Row {
  booking: Booking;
  item: Booking['items'][number];
  place: Booking['items'][number]['places'][number];
  /** A membership is one row (its next session), cancelled as one thing. */
  membership: boolean;
}

/**
 * Upcoming live places, per attendee name, in date order. A membership (subscription ticket)
 * is one row at its next session: it is bought, paid and cancelled as one thing, so listing its
 * dozen sessions each with a Cancel button would suggest otherwise.
 */
function upcomingByAttendee(bookings: Booking[], settings: ClientSettings) {
  const now = zonedParts(Date.now(), settings.timeZone);
  const rows: Row[] = [];
  for (const booking of bookings) {
    for (const item of booking.items) {
      const membership = item.ticket.type === 'subscription';
      const upcoming = item.places
        .filter((place) => place.status === 'held' || place.status === 'confirmed')
        .filter((place) => isUpcoming({ ...place.activity, enabled: true }, now))
        .sort((a, b) =>
          (a.activity.date + a.activity.startTime).localeCompare(
            b.activity.date + b.activity.startTime,
          ),
        );
      for (const place of membership ? upcoming.slice(0, 1) : upcoming) {
        rows.push({ booking, item, place, membership });
      }
    }
  }
  rows.sort((a, b) =>
    (a.place.activity.date + a.place.activity.startTime).localeCompare(
      b.place.activity.date + b.place.activity.startTime,
    ),
  );
  const byAttendee = new Map<string, { name: string; rows: Row[] }>();
  for (const row of rows) {
    const entry = byAttendee.get(row.item.attendee._id) ?? {
      name: row.item.attendee.name,
      rows: [],
    };
    entry.rows.push(row);
    byAttendee.set(row.item.attendee._id, entry);
  }
  return [...byAttendee.values()];
}

function Mine({ user, settings }: { user: User; settings: ClientSettings }) {
  const { api } = useStore();
  const bookings = useLoad(() => api.get<Booking[]>('/api/bookings/mine'), `mine:${user._id}`);
  const waitlist = useLoad(
    () => api.get<WaitlistEntry[]>(activeWaitlistPath),
    `waitlist:${user._id}`,
  );
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Bumped when an absence or a make-up changes My bookings, so the credits panel reloads.
  const [makeUps, setMakeUps] = useState(0);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // After a cancellation its row is gone: focus goes to the message saying what happened.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const locale = localeFor(settings.country);

  if (bookings.state.status === 'error') {
    return <LoadFailed error={bookings.state.error} retry={bookings.reload} />;
  }
  if (bookings.state.status === 'loading') return <StepSkeleton />;
  const groups = upcomingByAttendee(bookings.state.data, settings);
  return (
    <div className="cw-step">
      <StepHeading>{text.myBookings}</StepHeading>
      <p className="cw-ok" role="status" ref={doneRef} tabIndex={-1}>
        {done}
      </p>
      {waitlist.state.status === 'ready' && (
        <WaitlistOffers
          entries={waitlist.state.data}
          settings={settings}
          onChanged={(message) => {
            setDone(message);
            waitlist.reload();
          }}
        />
      )}
      {bookings.state.data
        .filter((b) => b.status === 'held' && b.paymentMethod?.type === 'card' && b.holdExpiresAt)
        .map((b) => (
          <HeldCard key={b._id} booking={b} onPaid={bookings.reload} />
        ))}
      {groups.length === 0 && <p className="cw-notice">{text.noBookings}</p>}
      {groups.map((attendee) => (
        <section key={attendee.name} className="cw-panel">
          <h4>{attendee.name}</h4>
          <ul className="cw-lines">
            {attendee.rows.map(({ booking, item, place, membership }) => {
              const when = `${dateLabel(place.activity.date, locale)} ${timeRange(place.activity.startTime, place.activity.endTime)}`;
              const plan = booking.plans.find((p) => p.itemId === item._id);
              return (
                <li key={place._id} className="cw-booked">
                  <div className="cw-spread">
                    <span>
                      <strong>{item.activityGroup.name}</strong> · {when}
                      <small>
                        {item.ticket.name} · {text.status[booking.status] ?? booking.status}
                      </small>
                      {membership &&
                        plan &&
                        [
                          text.perMonth(money(plan.amount, booking.currency, locale)),
                          ...plan.texts,
                        ].map((line) => <small key={line}>{line}</small>)}
                    </span>
                    <span className="cw-actions">
                      {open !== place._id && (
                        <button
                          type="button"
                          className="cw-btn cw-btn-quiet"
                          aria-label={
                            membership
                              ? `${text.cancelMembership}: ${item.activityGroup.name} · ${item.ticket.name} (${attendee.name})`
                              : text.cancelLabel(
                                  `${item.activityGroup.name} ${when} (${attendee.name})`,
                                )
                          }
                          onClick={() => {
                            setDone(null);
                            setOpen(place._id);
                          }}
                        >
                          {membership ? text.cancelMembership : text.cancelSession}
                        </button>
                      )}
                      {place.status === 'confirmed' && !open?.endsWith(place._id) && (
                        <button
                          type="button"
                          className="cw-btn cw-btn-quiet"
                          aria-label={makeUpText.reportAbsenceLabel(
                            `${item.activityGroup.name} ${when} (${attendee.name})`,
                          )}
                          onClick={() => {
                            setDone(null);
                            setOpen(`absent:${place._id}`);
                          }}
                        >
                          {makeUpText.reportAbsence}
                        </button>
                      )}
                    </span>
                  </div>
                  {open === `absent:${place._id}` && (
                    <AbsencePanel
                      placeId={place._id}
                      name={attendee.name}
                      settings={settings}
                      onClose={() => setOpen(null)}
                      onReported={(message) => {
                        setOpen(null);
                        setDone(message);
                        setMakeUps((n) => n + 1);
                        bookings.reload();
                      }}
                    />
                  )}
                  {open === place._id && (
                    <CancelPanel
                      booking={booking}
                      placeId={place._id}
                      membership={membership}
                      settings={settings}
                      onClose={() => setOpen(null)}
                      onCancelled={(message) => {
                        setOpen(null);
                        setDone(message);
                        bookings.reload();
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <MakeUpCredits
        userId={user._id}
        version={makeUps}
        settings={settings}
        onBooked={(message) => {
          setDone(message);
          bookings.reload();
        }}
      />
      {bookings.state.data
        .filter((b) => b.status !== 'expired')
        .map((b) => (
          <BookingMoney key={b._id} booking={b} settings={settings} />
        ))}
      <ReleasedUnpaid bookings={bookings.state.data} settings={settings} />
    </div>
  );
}

/**
 * A card booking still held (the parent left the payment step): the countdown and the way back
 * to paying, so the places are not lost for want of a link.
 */
function HeldCard({ booking, onPaid }: { booking: Booking; onPaid: () => void }) {
  const [paying, setPaying] = useState(false);
  const [expired, setExpired] = useState(false);
  const onExpired = useCallback(() => setExpired(true), []);
  return (
    <section className="cw-panel cw-step" aria-label={text.bookingNumber(booking._id)}>
      <p>
        <strong>{booking.items.map((i) => i.activityGroup.name).join(', ')}</strong>
        <small className="cw-count"> · {text.bookingNumber(booking._id)}</small>
      </p>
      <Countdown until={booking.holdExpiresAt!} onExpired={onExpired} />
      {!expired &&
        (paying ? (
          <CardPayment booking={booking} onUpdated={onPaid} />
        ) : (
          <div className="cw-row cw-row-start">
            <button type="button" className="cw-btn" onClick={() => setPaying(true)}>
              {text.payNow}
            </button>
          </div>
        ))}
    </section>
  );
}
