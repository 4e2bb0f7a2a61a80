/*
 * Step 1 of booking: which of the parent's attendees are coming, or 'Create attendee'. The age
 * range is checked by the engine on the group's first session: a notice, or a block when the
 * organiser refuses attendees outside the range (docs/rules/forms-and-messages.md).
 */
import { useState } from 'react';
import type { ActivityGroup, Attendee } from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/messages.ts';
import { AttendeeForm } from '../attendees/AttendeeForm.tsx';
import { text } from '../text.ts';
import { Alert, StepHeading } from '../ui.tsx';
import { ageProblem } from './basket.ts';

export function AttendeesStep({
  group,
  attendees,
  chosen,
  onCreated,
  onBack,
  onNext,
}: {
  group: ActivityGroup;
  attendees: Attendee[];
  chosen: string[];
  onCreated: (attendee: Attendee) => void;
  onBack: () => void;
  onNext: (ids: string[]) => void;
}) {
  const [picked, setPicked] = useState<string[]>(chosen);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = (id: string, on: boolean) =>
    setPicked((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

  if (creating) {
    return (
      <AttendeeForm
        onCancel={() => setCreating(false)}
        onSaved={(attendee) => {
          setCreating(false);
          onCreated(attendee);
          // docs/rules/editing-and-states.md: the new attendee is set on the booking form, unless
          // the age rules refuse it.
          if (!ageProblem(attendee, group)?.blocked) setPicked((s) => [...s, attendee._id]);
        }}
      />
    );
  }
  return (
    <div className="cw-step">
      <StepHeading>{text.stepAttendees}</StepHeading>
      <Alert>{error}</Alert>
      {attendees.length === 0 ? (
        <p className="cw-notice">{messages.userHasNoAttendees}</p>
      ) : (
        <fieldset className="cw-choices">
          <legend className="cw-sr">{text.stepAttendees}</legend>
          {attendees.map((attendee) => {
            const problem = ageProblem(attendee, group);
            const noteId = `cw-age-${attendee._id}`;
            return (
              <div key={attendee._id} className="cw-choice">
                <label className="cw-check">
                  <input
                    type="checkbox"
                    checked={picked.includes(attendee._id)}
                    disabled={problem?.blocked}
                    aria-describedby={problem ? noteId : undefined}
                    onChange={(e) => toggle(attendee._id, e.currentTarget.checked)}
                  />
                  <span>{attendee.name}</span>
                </label>
                {problem && (
                  <p id={noteId} className={problem.blocked ? 'cw-field-error' : 'cw-note'}>
                    {problem.message}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <p>
        <button type="button" className="cw-ghost" onClick={() => setCreating(true)}>
          + {text.createAttendee}
        </button>
      </p>
      <div className="cw-row">
        <button type="button" className="cw-ghost" onClick={onBack}>
          {text.back}
        </button>
        <button
          type="button"
          className="cw-btn"
          onClick={() => {
            if (picked.length === 0) setError(text.chooseAttendee);
            else onNext(picked);
          }}
        >
          {text.continue}
        </button>
      </div>
    </div>
  );
}
