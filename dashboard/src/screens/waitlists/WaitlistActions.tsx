import { useState } from 'react';
import type { WaitlistEntry } from '../../../../api-client/index.ts';
import {
  DEFAULT_OFFER_HOURS,
  MAX_OFFER_HOURS,
  offerExpiresAt,
  WAITLIST_TRANSITIONS,
} from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { type ModalControls, useModal } from '../../components/useModal.ts';
import { formLevelError, serverErrorsOf } from '../activities/form.tsx';
import { useMoveWaitlistEntry } from './queries.ts';

/** Whether the engine lets an offer start from this status (directly, or via Pending). */
const canOffer = (status: WaitlistEntry['status']) =>
  status === 'Waiting' || WAITLIST_TRANSITIONS[status].includes('Ready');

/**
 * One entry's actions, as the engine's transitions allow: offer the place (a dialog asks for how
 * many hours it is kept), cancel, archive. A refused move shows the engine's message.
 *
 * @example <WaitlistActions entry={entry} />
 */
export function WaitlistActions({ entry }: { entry: WaitlistEntry }) {
  const move = useMoveWaitlistEntry();
  const dialog = useModal();
  const next = WAITLIST_TRANSITIONS[entry.status];
  const label = `${entry.attendee.name}`;
  return (
    <div className="row-actions">
      {canOffer(entry.status) && entry.status !== 'Ready' ? (
        <Button size="sm" onClick={dialog.open} aria-label={`Offer place to ${label}`}>
          Offer place
        </Button>
      ) : null}
      {next.includes('Cancelled') ? (
        <Button
          size="sm"
          variant="secondary"
          loading={move.isPending && move.variables?.status === 'Cancelled'}
          aria-label={`Cancel waitlist entry of ${label}`}
          onClick={() => move.mutate({ id: entry._id, status: 'Cancelled' })}
        >
          Cancel
        </Button>
      ) : null}
      {next.includes('Archived') ? (
        <Button
          size="sm"
          variant="secondary"
          loading={move.isPending && move.variables?.status === 'Archived'}
          aria-label={`Archive waitlist entry of ${label}`}
          onClick={() => move.mutate({ id: entry._id, status: 'Archived' })}
        >
          Archive
        </Button>
      ) : null}
      {move.error && !dialog.isOpen ? <Alert>{move.error.message}</Alert> : null}
      {dialog.isOpen ? <OfferDialog dialog={dialog} entry={entry} /> : null}
    </div>
  );
}

function OfferDialog({ dialog, entry }: { dialog: ModalControls; entry: WaitlistEntry }) {
  const [hours, setHours] = useState(String(DEFAULT_OFFER_HOURS));
  const [error, setError] = useState<string | undefined>();
  const move = useMoveWaitlistEntry();
  const submit = () => {
    const offerHours = Number(hours);
    const check = offerExpiresAt(Date.now(), offerHours);
    setError(check.error ?? undefined);
    if (check.error) return;
    move.mutate(
      { id: entry._id, status: 'Ready', offerHours },
      {
        onSuccess: () => dialog.confirm(),
        onError: (e) => setError(serverErrorsOf(e).offerHours),
      },
    );
  };
  return (
    <FormModal
      dialog={dialog}
      title={`Offer a place to ${entry.attendee.name}`}
      onSubmit={submit}
      saving={move.isPending}
      formError={formLevelError(move.error)}
      saveLabel="Offer place"
    >
      <p>
        The place is kept for {entry.attendee.name} until the offer runs out; then it goes back to
        the waitlist.
      </p>
      <TextField
        label="Keep the place for (hours)"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_OFFER_HOURS}
        required
        autoFocus
        value={hours}
        error={error}
        hint={`1 to ${MAX_OFFER_HOURS} hours`}
        onChange={(event) => setHours(event.target.value)}
      />
    </FormModal>
  );
}
