/*
 * One activity group's page inside the widget: what it is, where, for which ages, every upcoming
 * session, the tickets and the add-ons. Loaded as its own chunk (see lazy.ts). Booking and the
 * waitlist (Premium) start from here.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import type { ActivityGroup, ClientSettings } from '../../../api-client/index.ts';
import type { StepProps } from '../App.tsx';
import { ageRange, dateLabel, localeFor, money, timeRange } from '../format.ts';
import { loadJourney, loadWaitlist } from '../lazy.ts';
import { findInList, useWidget, type View } from '../store.ts';
import { strings } from '../strings.ts';
import {
  byStart,
  DetailSkeleton,
  ErrorNotice,
  isProRata,
  PlacesLeft,
  TicketPrice,
  TicketUnavailable,
  useStore,
} from './common.tsx';
import { sanitize } from './html.ts';
import { text } from './text.ts';
import { hasWaitlist, UnavailableHelp } from './unavailable.tsx';

export default function GroupDetail({ view, settings }: StepProps) {
  const { id, back, focus } = view as Extract<View, { kind: 'group' }>;
  const store = useStore();
  const fromList = useWidget(store, (s) => findInList(s, id));
  const fetched = useWidget(store, (s) => s.groups[id]);
  const group = fromList ?? (fetched?.status === 'ready' ? fetched.data : undefined);

  let body: ReactNode;
  if (group) body = <GroupPage group={group} settings={settings} focus={focus} />;
  else if (fetched?.status === 'error' && fetched.missing) {
    body = <p className="cw-notice">{text.groupNotFound}</p>;
  } else if (fetched?.status === 'error') {
    body = <ErrorNotice title={strings.loadGroupFailed} message={fetched.message} />;
  } else body = <DetailSkeleton />;

  return (
    <div className="cw-detail">
      {back && (
        <p>
          <button type="button" className="cw-ghost" onClick={() => store.actions.showListing(id)}>
            <span aria-hidden="true">← </span>
            {text.backToList}
          </button>
        </p>
      )}
      {body}
    </div>
  );
}

function GroupPage({
  group,
  settings,
  focus,
}: {
  group: ActivityGroup;
  settings: ClientSettings;
  focus: boolean;
}) {
  const { actions } = useStore();
  const heading = useRef<HTMLHeadingElement>(null);
  const description = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  useLayoutEffect(() => {
    const target = description.current;
    if (target) target.replaceChildren(sanitize(group.description ?? '', target.ownerDocument));
  }, [group.description]);

  const locale = localeFor(settings.country);
  const age = ageRange(group.ageRange, group.schoolYears);
  const sessions = [...group.activities].sort(byStart);
  // A places column only when some session has a place limit; unlimited ones leave it blank.
  const limited = sessions.some((s) => s.placesLeft != null);
  const venue = group.venue;
  const address = venue
    ? [venue.address.address1, venue.address.address2, venue.address.city, venue.address.postalCode]
        .filter(Boolean)
        .join(', ')
    : '';
  const headingId = `cw-group-${group._id}`;
  // A ticket or add-on limited to some sessions says which, so parents are not surprised later.
  const restriction = (item: { restrictSessions: boolean; sessionsCanBeUsedFor: string[] }) => {
    if (!item.restrictSessions) return null;
    const dates = sessions
      .filter((s) => item.sessionsCanBeUsedFor.includes(s._id))
      .map((s) => dateLabel(s.date, locale));
    return dates.length > 0 && <small>{text.onlyOn(dates.join(', '))}</small>;
  };

  return (
    <article className="cw-detail" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} ref={heading} tabIndex={-1}>
          {group.name}
        </h3>
        {(venue || age) && (
          <p className="cw-meta">
            {venue && (
              <span>
                <span className="cw-sr">{text.venue}: </span>
                {venue.name}
                {address && ` · ${address}`}
              </span>
            )}
            {age && <span className="cw-age">{age}</span>}
          </p>
        )}
      </div>
      <div className="cw-desc" ref={description} />
      <div className="cw-row cw-row-start">
        {group.tickets.length > 0 && (
          <button
            type="button"
            className="cw-btn"
            onPointerEnter={() => loadJourney().catch(() => {})}
            onClick={() => actions.show({ kind: 'book', id: group._id, back: true })}
          >
            {text.bookNow}
          </button>
        )}
        {hasWaitlist(group, settings) && (
          <button
            type="button"
            className="cw-btn cw-btn-quiet"
            onPointerEnter={() => loadWaitlist().catch(() => {})}
            onClick={() => actions.show({ kind: 'waitlist', id: group._id, back: true })}
          >
            {text.joinWaitlist}
          </button>
        )}
      </div>

      <section className="cw-panel">
        <h4>{text.sessionsHeading}</h4>
        {sessions.length === 0 ? (
          <p className="cw-count">{strings.noUpcomingDates}</p>
        ) : (
          <table className="cw-table">
            <thead>
              <tr>
                <th scope="col">{text.date}</th>
                <th scope="col">{text.time}</th>
                {limited && <th scope="col">{text.places}</th>}
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s._id}>
                  <td>{dateLabel(s.date, locale)}</td>
                  <td>{timeRange(s.startTime, s.endTime)}</td>
                  {limited && (
                    <td>
                      <PlacesLeft left={s.placesLeft} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="cw-panel">
        <h4>{text.ticketsHeading}</h4>
        {group.tickets.length === 0 ? (
          <p className="cw-count">{strings.noTickets}</p>
        ) : (
          <table className="cw-table">
            <thead>
              <tr>
                <th scope="col">{text.name}</th>
                <th scope="col">{text.type}</th>
                <th scope="col" className="cw-num">
                  {text.price}
                </th>
              </tr>
            </thead>
            <tbody>
              {group.tickets.map((ticket) => (
                <tr key={ticket._id}>
                  <td>
                    {ticket.name}
                    {restriction(ticket)}
                    <TicketUnavailable ticket={ticket} group={group} settings={settings} />
                  </td>
                  <td>{text.ticketType[ticket.type]}</td>
                  <td className="cw-num">
                    <TicketPrice ticket={ticket} settings={settings} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <UnavailableHelp group={group} settings={settings} button={false} />
        {group.tickets.some(isProRata) && <p className="cw-legend">{strings.proRataLegend}</p>}
        {group.tickets.some((t) => t.type === 'subscription') && (
          <p className="cw-legend">{text.subscriptionNote}</p>
        )}
      </section>

      {group.addOns.length > 0 && (
        <section className="cw-panel">
          <h4>{text.addOnsHeading}</h4>
          <table className="cw-table">
            <thead>
              <tr>
                <th scope="col">{text.name}</th>
                <th scope="col" className="cw-num">
                  {text.price}
                </th>
              </tr>
            </thead>
            <tbody>
              {group.addOns.map((addOn) => (
                <tr key={addOn._id}>
                  <td>
                    {addOn.name}
                    {restriction(addOn)}
                  </td>
                  <td className="cw-num">
                    <span className="cw-price">
                      {money(addOn.price, settings.currency, locale)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </article>
  );
}
