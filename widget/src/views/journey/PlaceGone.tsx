/*
 * Why the parent is back at the tickets step after losing a race for the last place (issue 11):
 * the server's message names the session (date and time), it has been unticked, and where the
 * activity has a waitlist the parent can join it from here.
 */
import type { ActivityGroup, ClientSettings } from '../../../../api-client/index.ts';
import { hasFeature } from '../../../../engine/plans.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';

export interface PlaceGoneNotice {
  /** The server's 409 message, naming the session(s). */
  message: string;
  sessionIds: string[];
}

export function PlaceGone({
  notice,
  group,
  settings,
}: {
  notice: PlaceGoneNotice;
  group: ActivityGroup;
  settings: ClientSettings;
}) {
  const { actions } = useStore();
  const waitlist = hasFeature(settings.planLevel, 'waitlists') && Boolean(group.waitlistType);
  return (
    <>
      {notice.message} {text.placeGoneUnticked}{' '}
      {waitlist && (
        <button
          type="button"
          className="cw-linkbtn"
          onClick={() => actions.show({ kind: 'waitlist', id: group._id, back: true })}
        >
          {text.joinWaitlistInstead}
        </button>
      )}
    </>
  );
}
