import { type FormEvent, useEffect, useState } from 'react';
import { registerMessages } from '../../../../engine/index.ts';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useModal } from '../../components/useModal.ts';
import type { RegisterRowDto } from './queries.ts';

/**
 * Who is taking the child home. The parent on the booking is one tap; anyone else is typed,
 * with the child's safeguarding notes (who may collect) in view while staff decide.
 */
export function CheckOutDialog({
  row,
  onClose,
  onCheckOut,
}: {
  row: RegisterRowDto | null;
  onClose: () => void;
  onCheckOut: (row: RegisterRowDto, collectedBy: string) => void;
}) {
  const dialog = useModal({ onCancel: onClose });
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { open, isOpen } = dialog;

  useEffect(() => {
    if (row && !isOpen) {
      setOther('');
      setError(null);
      open();
    }
  }, [row, isOpen, open]);

  if (!row) return null;
  const done = (collectedBy: string) => {
    if (!collectedBy.trim()) {
      setError(registerMessages.collectedByRequired);
      return;
    }
    onCheckOut(row, collectedBy.trim());
    dialog.confirm(onClose);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    done(other);
  };

  return (
    <Modal {...dialog.modalProps} title={`Check out ${row.attendee.name}`} size="sm">
      {row.flags.length > 0 ? (
        <ul className="register-flags">
          {row.flags.map((f) => (
            <li key={f.field}>
              <span className="register-flag-title">{f.title}:</span> {f.value}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="register-collectors">
        <button
          type="button"
          className="register-button register-checkout"
          onClick={() => done(row.parent.name)}
        >
          Collected by {row.parent.name}
        </button>
      </div>
      <form onSubmit={submit} className="register-other" noValidate>
        <label htmlFor="collected-by">Someone else</label>
        <input
          id="collected-by"
          className="input"
          value={other}
          maxLength={200}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'collected-by-error' : undefined}
          onChange={(e) => setOther(e.target.value)}
        />
        {error ? (
          <p id="collected-by-error" className="field-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" block>
          Check out
        </Button>
      </form>
    </Modal>
  );
}
