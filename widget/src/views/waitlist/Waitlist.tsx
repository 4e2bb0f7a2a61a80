/*
 * The waitlist join form (Premium; docs/rules/screens.md, docs/rules/forms-and-messages.md):
 * attendee selector and session checkboxes, each with its 'Joined waitlist' or 'Already booked'
 * badge, and the spec's notices and messages. Only full sessions can be ticked; the others show
 * their places left and the form says why. What may be joined is the server's answer (`GET
 * /api/waitlists/join-view`, the engine's waitlistJoinView on the attendee's real places and
 * entries), so the form and `POST /api/waitlists` never disagree. Also the embed's `waitlist`
 * starting view. A parent with several children may tick brothers and sisters to join with the
 * chosen child (`POST /api/waitlists/family`): they are offered places together
 * (docs/rules/family.md).
 */
import { type ReactNode, useState } from 'react';
import type {
  ActivityGroup,
  Attendee,
  ClientSettings,
  User,
} from '../../../../api-client/index.ts';
import { hasFeature } from '../../../../engine/plans.ts';
import type { WaitlistJoinView } from '../../../../engine/waitlist.ts';
import type { StepProps } from '../../App.tsx';
import { dateLabel, localeFor, timeRange } from '../../format.ts';
import { events } from '../../page.ts';
import { findInList, useWidget } from '../../store.ts';
import { strings } from '../../strings.ts';
import { RequireSignIn } from '../account/Account.tsx';
import { useId } from '../account/Input.tsx';
import { AttendeeForm } from '../attendees/AttendeeForm.tsx';
import { DetailSkeleton, ErrorNotice, SkeletonLines, useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, LoadFailed, StepHeading, StepSkeleton, useLoad } from '../ui.tsx';

type JoinView = WaitlistJoinView & { waitlistType: 'AllSessions' | 'SingleSession' };

export default function Waitlist({ view, settings }: StepProps) {
  const store = useStore();
  const id = view.kind === 'waitlist' ? view.id : '';
  const fromList = useWidget(store, (s) => findInList(s, id));
  const fetched = useWidget(store, (s) => s.groups[id]);
  const group = fromList ?? (fetched?.status === 'ready' ? fetched.data : undefined);
  const back = view.kind === 'waitlist' && view.back;
  let body: ReactNode;
  if (group) {
    body = hasFeature(settings.planLevel, 'waitlists') ? (
      <RequireSignIn>
        {(user) => <JoinForm group={group} settings={settings} user={user} />}
      </RequireSignIn>
    ) : (
      <p className="cw-notice">{text.waitlistUnavailable}</p>
    );
  } else if (fetched?.status === 'error' && fetched.missing) {
    body = <p className="cw-notice">{text.groupNotFound}</p>;
  } else if (fetched?.status === 'error') {
    body = <ErrorNotice title={strings.loadGroupFailed} message={fetched.message} />;
  } else body = <DetailSkeleton />;
  return (
    <div className="cw-detail">
      {back && (
        <p>
          <button
            type="button"
            className="cw-ghost"
            onClick={() => store.actions.showGroup(id, { back: store.hasListing, focus: true })}
          >
            <span aria-hidden="true">← </span>
            {text.backToActivity}
          </button>
        </p>
      )}
      {body}
    </div>
  );
}

function JoinForm({
  group,
  settings,
  user,
}: {
  group: ActivityGroup;
  settings: ClientSettings;
  user: User;
}) {
  const { api } = useStore();
  const attendees = useLoad(() => api.get<Attendee[]>('/api/user/attendees'), `att:${user._id}`);
  const [attendeeId, setAttendeeId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  // Brothers and sisters joining with the chosen child (docs/rules/family.md).
  const [siblings, setSiblings] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  const selectId = useId();
  const query = `activityGroup=${encodeURIComponent(group._id)}${attendeeId ? `&attendee=${encodeURIComponent(attendeeId)}` : ''}`;
  const joinView = useLoad(
    () => api.get<JoinView>(`/api/waitlists/join-view?${query}`),
    `${query}:${attendees.state.status}`,
  );
  const locale = localeFor(settings.country);

  if (creating) {
    return (
      <AttendeeForm
        onCancel={() => setCreating(false)}
        onSaved={(attendee) => {
          setCreating(false);
          setAttendeeId(attendee._id);
          attendees.reload();
        }}
      />
    );
  }
  if (attendees.state.status === 'error') {
    return <LoadFailed error={attendees.state.error} retry={attendees.reload} />;
  }
  if (attendees.state.status === 'loading') return <StepSkeleton />;
  const list = attendees.state.data;
  // While another attendee's state loads, the form (and the focus in its selector) stays put.
  const jv = joinView.state.status === 'ready' ? joinView.state.data : null;
  const current = attendeeId ?? jv?.attendeeId ?? null;
  const sessionsById = new Map(group.activities.map((s) => [s._id, s]));
  const single = jv?.waitlistType === 'SingleSession';

  const join = async () => {
    if (!current) return;
    if (single && picked.length === 0) return setError(text.chooseWaitlistSession);
    setBusy(true);
    setError(null);
    try {
      const together = siblings.filter((id) => id !== current);
      if (together.length > 0)
        await api.post('/api/waitlists/family', {
          activityGroup: group._id,
          attendees: [current, ...together],
          activities: single ? picked : [],
        });
      else
        await api.post('/api/waitlists', {
          activityGroup: group._id,
          attendee: current,
          activities: single ? picked : [],
        });
      // For the organiser's analytics: which activity and how many sessions, nobody's details.
      events.emit('waitlistJoined', {
        activityGroup: { _id: group._id, name: group.name },
        sessions: single ? picked.length : group.activities.length,
        allSessions: !single,
      });
      setPicked([]);
      setSiblings([]);
      setJoined(text.joined);
      joinView.reload();
    } catch (e) {
      setError(failureText(e));
    }
    setBusy(false);
  };

  return (
    <div className="cw-step cw-form">
      <StepHeading>{text.waitlistHeading(group.name)}</StepHeading>
      <p className="cw-ok" role="status">
        {joined}
      </p>
      <Alert>{error}</Alert>
      {list.length > 0 && (
        <div className="cw-field">
          <label htmlFor={selectId}>{text.attendee}</label>
          <select
            id={selectId}
            value={current ?? ''}
            onChange={(e) => {
              setAttendeeId(e.currentTarget.value);
              setPicked([]);
              setSiblings([]);
              setJoined(null);
              setError(null);
            }}
          >
            {list.map((a) => (
              <option key={a._id} value={a._id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {joinView.state.status === 'error' && (
        <LoadFailed error={joinView.state.error} retry={joinView.reload} />
      )}
      {!jv && joinView.state.status === 'loading' && (
        <div className="cw-detail" aria-busy="true">
          <p className="cw-sr" role="status">
            {text.loading}
          </p>
          <SkeletonLines widths={[40, 70, 70, 70]} />
        </div>
      )}
      {jv?.notice && <p className="cw-note">{jv.notice}</p>}
      {jv?.error && (
        <p className="cw-notice" role="status">
          {jv.error}
        </p>
      )}
      {/* Why sessions with places left are not offered: they can be booked instead. */}
      {jv?.note && <p className="cw-count">{jv.note}</p>}
      {jv && jv.sessions.length > 0 && (
        <fieldset className="cw-choices">
          <legend>{text.waitlistSessions}</legend>
          {!single && <p className="cw-count">{text.waitlistAll}</p>}
          {jv.sessions.map((s) => {
            const session = sessionsById.get(s._id);
            const when = session
              ? `${dateLabel(session.date, locale)} ${timeRange(session.startTime, session.endTime)}`
              : s._id;
            const label = (
              <>
                <span>{when}</span>
                {s.badge && <small className="cw-badge">{s.badge}</small>}
              </>
            );
            if (!single) {
              return (
                <p key={s._id} className="cw-check cw-spread">
                  {label}
                </p>
              );
            }
            return (
              <label key={s._id} className="cw-check cw-spread">
                <input
                  type="checkbox"
                  // Booked and joined sessions show ticked; one with places left is simply not offered.
                  checked={(s.disabled && s.reason !== 'hasPlaces') || picked.includes(s._id)}
                  disabled={s.disabled}
                  onChange={(e) =>
                    setPicked((p) =>
                      e.currentTarget.checked ? [...p, s._id] : p.filter((x) => x !== s._id),
                    )
                  }
                />
                {label}
              </label>
            );
          })}
        </fieldset>
      )}
      {jv?.canJoin && list.length > 1 && (
        <fieldset className="cw-choices">
          <legend>{text.waitlistSiblings}</legend>
          <p className="cw-count">{text.waitlistSiblingsHint}</p>
          {list
            .filter((a) => a._id !== current)
            .map((a) => (
              <label key={a._id} className="cw-check">
                <input
                  type="checkbox"
                  checked={siblings.includes(a._id)}
                  onChange={(e) =>
                    setSiblings((p) =>
                      e.currentTarget.checked ? [...p, a._id] : p.filter((x) => x !== a._id),
                    )
                  }
                />
                <span>{a.name}</span>
              </label>
            ))}
        </fieldset>
      )}
      <div className="cw-row">
        <button type="button" className="cw-ghost" onClick={() => setCreating(true)}>
          + {text.createAttendee}
        </button>
        {jv?.canJoin && (
          <button type="button" className="cw-btn" onClick={join} disabled={busy}>
            {busy ? text.joining : text.joinWaitlist}
          </button>
        )}
      </div>
    </div>
  );
}
