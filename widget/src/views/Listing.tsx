import type { ClientSettings, ListingGroup } from '../../../api-client/index.ts';
import { SCHOOL_YEARS, schoolYearName } from '../../../engine/school-year.ts';
import { ageRange, dateLabel, localeFor, timeRange } from '../format.ts';
import { preloadDetail } from '../lazy.ts';
import { useEffect, useRef } from '../preact.ts';
import { type Remote, useWidget } from '../store.ts';
import { strings } from '../strings.ts';
import {
  byStart,
  ErrorNotice,
  isProRata,
  PlacesLeft,
  SkeletonLines,
  TicketPrice,
  TicketUnavailable,
  useStore,
} from './common.tsx';

/** How many upcoming dates a card lists; the count of all of them follows. */
const NEXT_DATES = 3;

export type ButtonDisplay = 'align right' | 'full width' | 'hidden' | 'none';

/**
 * The published activity groups as cards, a page at a time: the next page loads as the parent
 * scrolls near the end (or presses Show more), and the school-year filter asks the server again
 * from the first page. Loading, failure and emptiness each have their own state, and the
 * container keeps its height while loading so the host page does not jump.
 */
export function Listing({
  settings,
  list,
  focusGroup,
  focus,
  buttonDisplay,
}: {
  settings: Remote<ClientSettings>;
  list: Remote<ListingGroup[]> | null;
  focusGroup?: string;
  /** Focus the listing's heading (the parent came from a later step, e.g. 'Book another'). */
  focus?: boolean;
  buttonDisplay: ButtonDisplay;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const store = useStore();
  const year = useWidget(store, (s) => s.schoolYear);
  const byYear = useWidget(store, (s) => s.more.bySchoolYear);
  const ready = list?.status === 'ready';
  // Back from a group's page, focus returns to the control that opened it; from a later step, to
  // the heading. Again once the list has arrived (`ready`): the targets exist only then.
  useEffect(() => {
    const target = focusGroup ? `[data-cw-group="${CSS.escape(focusGroup)}"]` : focus && 'h2';
    if (target) ref.current?.querySelector<HTMLElement>(target)?.focus();
  }, [focusGroup, focus, ready]);

  const failed = settings.status === 'error' ? settings : list?.status === 'error' ? list : null;
  if (failed) return <ErrorNotice title={strings.loadFailed} message={failed.message} />;
  // The filter appears only where an organiser limits activities by school year, and stays in
  // place (with its focus) while the filtered first page loads.
  const filter = byYear && <SchoolYearFilter year={year} onChange={store.actions.setSchoolYear} />;
  if (settings.status !== 'ready' || list?.status !== 'ready') {
    return (
      <div>
        {year !== null && filter}
        <ListingSkeleton />
      </div>
    );
  }
  const groups = list.data;
  if (groups.length === 0 && year === null) {
    return <p className="cw-notice">{strings.noActivities}</p>;
  }
  return (
    <div ref={ref}>
      <h2 className="cw-sr" tabIndex={-1}>
        {strings.activities}
      </h2>
      {filter}
      {groups.length === 0 && <p className="cw-notice">{strings.noActivitiesForYear}</p>}
      <ul className="cw-list">
        {groups.map((group) => (
          <GroupCard
            key={group._id}
            group={group}
            settings={settings.data}
            buttonDisplay={buttonDisplay}
          />
        ))}
      </ul>
      <MoreGroups shown={groups.length} />
      {groups.some((g) => g.tickets.some(isProRata)) && (
        <p className="cw-legend">{strings.proRataLegend}</p>
      )}
    </div>
  );
}

/**
 * The way to the next page: loaded by itself when this comes within a screen of the viewport
 * (IntersectionObserver), and a Show more button for keyboards, old browsers and a page that
 * does not scroll. After a press, focus moves to the first new card so the parent reads on.
 */
function MoreGroups({ shown }: { shown: number }) {
  const store = useStore();
  const more = useWidget(store, (s) => s.more);
  const ref = useRef<HTMLDivElement>(null);
  const pressedAt = useRef<number | null>(null);
  const { next, loading, error } = more;
  useEffect(() => {
    const sentinel = ref.current;
    if (!sentinel || !next || error || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) store.actions.loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [store, next, error]);
  useEffect(() => {
    const from = pressedAt.current;
    if (from === null || shown <= from) return;
    pressedAt.current = null;
    const cards = ref.current?.parentElement?.querySelectorAll<HTMLElement>('.cw-list > li');
    cards?.[from]?.querySelector<HTMLElement>('[data-cw-group]')?.focus();
  }, [shown]);
  if (!next && !loading) return null;
  const press = () => {
    pressedAt.current = shown;
    if (error) store.actions.retry();
    else store.actions.loadMore();
  };
  return (
    <div ref={ref} className="cw-more">
      {loading ? (
        <div aria-busy="true">
          <p className="cw-sr" role="status">
            {strings.loadingMore}
          </p>
          <SkeletonCards count={2} />
        </div>
      ) : (
        <>
          {error && (
            <p className="cw-notice" role="alert">
              {strings.moreFailed}
            </p>
          )}
          <button type="button" className="cw-ghost" onClick={press}>
            {error ? strings.retry : strings.showMore}
          </button>
        </>
      )}
    </div>
  );
}

function SchoolYearFilter({
  year,
  onChange,
}: {
  year: number | null;
  onChange: (year: number | null) => void;
}) {
  return (
    <label className="cw-filter">
      {strings.schoolYear}{' '}
      <select
        value={year === null ? '' : String(year)}
        onChange={(event) => {
          const value = (event.target as HTMLSelectElement).value;
          onChange(value === '' ? null : Number(value));
        }}
      >
        <option value="">{strings.allYears}</option>
        {SCHOOL_YEARS.map((y) => (
          <option key={y} value={String(y)}>
            {schoolYearName(y)}
          </option>
        ))}
      </select>
    </label>
  );
}

function ListingSkeleton() {
  return (
    <div className="cw-loading" aria-busy="true">
      <p className="cw-sr" role="status">
        {strings.loadingActivities}
      </p>
      <SkeletonCards count={3} />
    </div>
  );
}

const SKELETON_KEYS = ['a', 'b', 'c'];

function SkeletonCards({ count }: { count: number }) {
  return (
    <ul className="cw-list" aria-hidden="true">
      {SKELETON_KEYS.slice(0, count).map((key) => (
        <li key={key} className="cw-card cw-skel-card">
          <div className="cw-main">
            <SkeletonLines widths={[55, 35, 45, 40]} />
          </div>
          <div className="cw-side">
            <SkeletonLines widths={[30, 80, 80]} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function GroupCard({
  group,
  settings,
  buttonDisplay,
}: {
  group: ListingGroup;
  settings: ClientSettings;
  buttonDisplay: ButtonDisplay;
}) {
  const { showGroup } = useStore().actions;
  const locale = localeFor(settings.country);
  const sessions = [...group.activities].sort(byStart);
  const age = ageRange(group.ageRange, group.schoolYears);
  const open = () => showGroup(group._id, { back: true, focus: true });
  // Fetch the group page's code while the pointer or focus is on its way to the button.
  const opener = {
    'data-cw-group': group._id,
    onClick: open,
    onPointerEnter: preloadDetail,
    onFocus: preloadDetail,
  };
  return (
    <li className="cw-card">
      <div className="cw-main">
        <h3 className="cw-title">
          {buttonDisplay === 'hidden' ? (
            // 'hidden': no Book button, so the name itself opens the group.
            <button type="button" className="cw-linkbtn" {...opener}>
              {group.name}
            </button>
          ) : (
            group.name
          )}
        </h3>
        {(group.venue || age) && (
          <p className="cw-meta">
            {group.venue && <span>{group.venue.name}</span>}
            {age && <span className="cw-age">{age}</span>}
          </p>
        )}
        <div>
          <h4 className="cw-label">{strings.nextDates}</h4>
          {sessions.length === 0 ? (
            <p className="cw-count">{strings.noUpcomingDates}</p>
          ) : (
            <ul className="cw-dates">
              {sessions.slice(0, NEXT_DATES).map((s) => (
                <li key={s._id}>
                  <b>{dateLabel(s.date, locale)}</b>
                  <span>{timeRange(s.startTime, s.endTime)}</span>
                  <PlacesLeft left={s.placesLeft} />
                </li>
              ))}
            </ul>
          )}
        </div>
        {group.sessionsTotal > 0 && (
          <p className="cw-count">{strings.sessions(group.sessionsTotal)}</p>
        )}
      </div>
      <div className="cw-side">
        <h4 className="cw-label">{strings.prices}</h4>
        {group.tickets.length === 0 ? (
          <p className="cw-count">{strings.noTickets}</p>
        ) : (
          <ul className="cw-prices">
            {group.tickets.map((ticket) => (
              <li key={ticket._id}>
                <span>
                  {ticket.name}
                  <TicketUnavailable ticket={ticket} group={group} settings={settings} />
                </span>
                <TicketPrice ticket={ticket} settings={settings} />
              </li>
            ))}
          </ul>
        )}
        {(buttonDisplay === 'align right' || buttonDisplay === 'full width') && (
          <div className="cw-actions">
            <button
              type="button"
              className="cw-btn"
              aria-label={strings.bookLabel(group.name)}
              {...opener}
            >
              {strings.book}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
