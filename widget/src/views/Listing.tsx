import { useEffect, useRef, useState } from 'react';
import type { ActivityGroup, ClientSettings } from '../../../api-client/index.ts';
import { SCHOOL_YEARS, schoolYearName, suitsSchoolYear } from '../../../engine/school-year.ts';
import { ageRange, dateLabel, localeFor, timeRange } from '../format.ts';
import { preloadDetail } from '../lazy.ts';
import type { Remote } from '../store.ts';
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
 * The published activity groups as cards. Loading, failure and emptiness each have their own
 * state, and the container keeps its height while loading so the host page does not jump.
 */
export function Listing({
  settings,
  list,
  focusGroup,
  focus,
  buttonDisplay,
}: {
  settings: Remote<ClientSettings>;
  list: Remote<ActivityGroup[]> | null;
  focusGroup?: string;
  /** Focus the listing's heading (the parent came from a later step, e.g. 'Book another'). */
  focus?: boolean;
  buttonDisplay: ButtonDisplay;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [year, setYear] = useState<number | null>(null);
  const ready = list?.status === 'ready';
  // Back from a group's page, focus returns to the control that opened it; from a later step, to
  // the heading. Again once the list has arrived (`ready`): the targets exist only then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: ready is the second trigger.
  useEffect(() => {
    const target = focusGroup ? `[data-cw-group="${CSS.escape(focusGroup)}"]` : focus && 'h2';
    if (target) ref.current?.querySelector<HTMLElement>(target)?.focus();
  }, [focusGroup, focus, ready]);

  const failed = settings.status === 'error' ? settings : list?.status === 'error' ? list : null;
  if (failed) return <ErrorNotice title={strings.loadFailed} message={failed.message} />;
  if (settings.status !== 'ready' || list?.status !== 'ready') return <ListingSkeleton />;
  if (list.data.length === 0) return <p className="cw-notice">{strings.noActivities}</p>;
  // The filter appears only where an organiser limits activities by school year.
  const byYear = list.data.some((g) => g.schoolYears.min !== null || g.schoolYears.max !== null);
  const groups = year === null ? list.data : list.data.filter((g) => suitsSchoolYear(g, year));
  return (
    <div ref={ref}>
      <h2 className="cw-sr" tabIndex={-1}>
        {strings.activities}
      </h2>
      {byYear && <SchoolYearFilter year={year} onChange={setYear} />}
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
      {groups.some((g) => g.tickets.some(isProRata)) && (
        <p className="cw-legend">{strings.proRataLegend}</p>
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
      <ul className="cw-list" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="cw-card cw-skel-card">
            <div className="cw-main">
              <SkeletonLines widths={[55, 35, 45, 40]} />
            </div>
            <div className="cw-side">
              <SkeletonLines widths={[30, 80, 80]} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function GroupCard({
  group,
  settings,
  buttonDisplay,
}: {
  group: ActivityGroup;
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
        {sessions.length > 0 && <p className="cw-count">{strings.sessions(sessions.length)}</p>}
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
