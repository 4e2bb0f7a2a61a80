/*
 * The parent's active waitlist entries in "My bookings": an offer (Ready) says until when the
 * place is kept and opens the booking journey for its activity; every active entry can be left
 * (Cancel). Booking the offered place turns the entry to Used on the server, so it drops out.
 */
import { useState } from 'react';
import type { ClientSettings, WaitlistEntry } from '../../../../api-client/index.ts';
import { formatTime, zonedParts } from '../../../../engine/dates.ts';
import { dateLabel, localeFor } from '../../format.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert } from '../ui.tsx';

const ACTIVE = encodeURIComponent(JSON.stringify({ status: ['Waiting', 'Pending', 'Ready'] }));
export const activeWaitlistPath = `/api/waitlists?limit=1000&filters=${ACTIVE}`;

export function WaitlistOffers({
  entries,
  settings,
  onChanged,
}: {
  entries: WaitlistEntry[];
  settings: ClientSettings;
  onChanged: (message: string) => void;
}) {
  const { api, actions } = useStore();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locale = localeFor(settings.country);
  if (entries.length === 0) return null;

  const sessionOf = (e: WaitlistEntry) =>
    e.activity
      ? `${dateLabel(e.activity.date, locale)} ${formatTime(e.activity.startTime)}`
      : text.allSessions;
  const until = (iso: string) => {
    const at = zonedParts(Date.parse(iso), settings.timeZone);
    return `${formatTime(at.time)} ${dateLabel(at.date, locale)}`;
  };
  const cancel = async (entry: WaitlistEntry) => {
    setBusy(entry._id);
    setError(null);
    try {
      await api.post(`/api/waitlists/${entry._id}/cancel`);
      onChanged(text.leftWaitlist);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const offers = entries.filter((e) => e.status === 'Ready' && e.offerExpiresAt);
  const waiting = entries.filter((e) => !offers.includes(e));

  return (
    <>
      <Alert>{error}</Alert>
      {offers.map((e) => {
        const what = `${e.activityGroup.name} ${sessionOf(e)} (${e.attendee.name})`;
        return (
          <section key={e._id} className="cw-panel cw-instructions" aria-label={what}>
            <p>
              <strong>{text.placeKept(e.attendee.name, until(e.offerExpiresAt as string))}</strong>
            </p>
            <p className="cw-count">
              {e.activityGroup.name} · {sessionOf(e)}
            </p>
            <div className="cw-row cw-row-start">
              <button
                type="button"
                className="cw-btn"
                aria-label={text.bookOfferLabel(what)}
                onClick={() => actions.show({ kind: 'book', id: e.activityGroup._id, back: false })}
              >
                {text.bookOffer}
              </button>
              <button
                type="button"
                className="cw-btn cw-btn-quiet"
                disabled={busy === e._id}
                aria-label={text.cancelWaitlistLabel(what)}
                onClick={() => cancel(e)}
              >
                {text.cancelSession}
              </button>
            </div>
          </section>
        );
      })}
      {waiting.length > 0 && (
        <section className="cw-panel">
          <h4>{text.myWaitlists}</h4>
          <ul className="cw-lines">
            {waiting.map((e) => {
              const what = `${e.activityGroup.name} ${sessionOf(e)} (${e.attendee.name})`;
              return (
                <li key={e._id} className="cw-booked">
                  <div className="cw-spread">
                    <span>
                      <strong>{e.activityGroup.name}</strong> · {sessionOf(e)}
                      <small>{text.onWaitlist(e.attendee.name)}</small>
                    </span>
                    <button
                      type="button"
                      className="cw-btn cw-btn-quiet"
                      disabled={busy === e._id}
                      aria-label={text.cancelWaitlistLabel(what)}
                      onClick={() => cancel(e)}
                    >
                      {text.cancelSession}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
