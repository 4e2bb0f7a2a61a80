/*
 * What a parent can do instead when a ticket is unavailable because a session it needs is full
 * (issue 11, item 4): join the waitlist, where the activity has one, or book the sessions that
 * still have places with a single-session ticket. Shared by the activity page and the tickets
 * step, so both offer the same way out.
 */
import type { ActivityGroup, ClientSettings } from '../../../api-client/index.ts';
import { hasFeature } from '../../../engine/plans.ts';
import { loadWaitlist } from '../lazy.ts';
import { ticketFullSessions, useStore } from './common.tsx';
import { text } from './text.ts';

/** Whether parents of this organiser can join this activity's waitlist. */
export const hasWaitlist = (group: ActivityGroup, settings: ClientSettings) =>
  hasFeature(settings.planLevel, 'waitlists') && Boolean(group.waitlistType);

export function UnavailableHelp({
  group,
  settings,
  kept,
  button = true,
}: {
  group: ActivityGroup;
  settings: ClientSettings;
  /** Sessions a waitlist offer keeps for the child being booked. */
  kept?: ReadonlySet<string>;
  /** Off where the page has its own Join waitlist button (the activity page). */
  button?: boolean;
}) {
  const { actions } = useStore();
  if (!group.tickets.some((t) => ticketFullSessions(t, group, kept).length > 0)) return null;
  // A single-session ticket with a session it can still book.
  const single = group.tickets.find(
    (t) =>
      t.type === 'single' &&
      group.activities.some(
        (s) =>
          (!t.restrictSessions || t.sessionsCanBeUsedFor.includes(s._id)) &&
          !t.fullSessions.includes(s._id),
      ),
  );
  const waitlist = hasWaitlist(group, settings);
  if (!single && !waitlist) return null;
  return (
    <div className="cw-note">
      {single && <p>{text.singleInstead(single.name)}</p>}
      {waitlist && (
        <p className="cw-row cw-row-start">
          <span>{text.waitlistInstead}</span>
          {button && (
            <button
              type="button"
              className="cw-btn cw-btn-quiet"
              onPointerEnter={() => loadWaitlist().catch(() => {})}
              onClick={() => actions.show({ kind: 'waitlist', id: group._id, back: true })}
            >
              {text.joinWaitlist}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
