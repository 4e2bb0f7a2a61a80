/*
 * The parent's children in the account area (docs/rules/account.md): the list, 'Add a child' and
 * Edit, both through the booking journey's own attendee form, so every attendee field the
 * organiser defined (medical notes, consent…) is asked and checked the same way.
 */
import { useRef, useState } from 'react';
import type { Attendee, ClientSettings } from '../../../../api-client/index.ts';
import { formatCivilDate } from '../../../../engine/display.ts';
import { AttendeeForm } from '../attendees/AttendeeForm.tsx';
import { useStore } from '../common.tsx';
import { LoadFailed, StepSkeleton, useLoad } from '../ui.tsx';
import { accountText } from './account-text.ts';

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; attendee: Attendee };

export function Children({ settings }: { settings: ClientSettings }) {
  const { api } = useStore();
  const children = useLoad(() => api.get<Attendee[]>('/api/user/attendees'), 'children');
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [saved, setSaved] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  if (editing.kind !== 'none') {
    const close = () => {
      setEditing({ kind: 'none' });
      // Back to where the parent was, for keyboard and screen-reader users.
      requestAnimationFrame(() => addButton.current?.focus());
    };
    return (
      <AttendeeForm
        key={editing.kind === 'edit' ? editing.attendee._id : 'new'}
        attendee={editing.kind === 'edit' ? editing.attendee : undefined}
        heading={
          editing.kind === 'edit'
            ? accountText.editChild(editing.attendee.name)
            : accountText.addChild
        }
        onCancel={close}
        onSaved={(attendee) => {
          setSaved(accountText.childSaved(attendee.name));
          children.reload();
          close();
        }}
      />
    );
  }

  const state = children.state;
  return (
    <>
      <p className="cw-ok" role="status">
        {saved}
      </p>
      {state.status === 'loading' ? (
        <StepSkeleton />
      ) : state.status === 'error' ? (
        <LoadFailed error={state.error} retry={children.reload} />
      ) : state.data.length === 0 ? (
        <p className="cw-notice">{accountText.noChildren}</p>
      ) : (
        <ul className="cw-lines">
          {state.data.map((attendee) => (
            <li key={attendee._id} className="cw-spread">
              <span>
                <strong>{attendee.name}</strong>
                {attendee.dateOfBirth && (
                  <small className="cw-help">
                    {accountText.born(formatCivilDate(attendee.dateOfBirth, settings.dateFormat))}
                  </small>
                )}
              </span>
              <button
                type="button"
                className="cw-ghost"
                aria-label={accountText.editChild(attendee.name)}
                onClick={() => {
                  setSaved(null);
                  setEditing({ kind: 'edit', attendee });
                }}
              >
                {accountText.edit}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <button
          ref={addButton}
          type="button"
          className="cw-ghost"
          onClick={() => {
            setSaved(null);
            setEditing({ kind: 'add' });
          }}
        >
          + {accountText.addChild}
        </button>
      </p>
    </>
  );
}
