import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ActivityGroup } from '../../../../api-client/index.ts';
import { copyName } from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal.tsx';
import { TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useModal } from '../../components/useModal.ts';
import { useArchiveGroup, useDeleteGroup, useDuplicateGroup } from './group-lifecycle.ts';

/** The activity page's Duplicate, Archive/Unarchive and Delete buttons with their dialogs. */
export function GroupActions({ group }: { group: ActivityGroup }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateGroup(group._id);
  const archive = useArchiveGroup(group._id);
  const remove = useDeleteGroup();
  const [startDate, setStartDate] = useState('');
  const [name, setName] = useState('');
  const duplicateDialog = useModal({ onCancel: () => duplicate.reset() });
  const archiveDialog = useModal({ onCancel: () => archive.reset() });
  const deleteDialog = useModal({ onCancel: () => remove.reset() });

  const openDuplicate = () => {
    setStartDate('');
    setName(copyName(group.name));
    duplicate.reset();
    duplicateDialog.open();
  };
  const submitDuplicate = () =>
    duplicate.mutate(
      { startDate, name },
      { onSuccess: (copy) => duplicateDialog.confirm(() => navigate(`/activities/${copy._id}`)) },
    );

  return (
    <>
      <Button variant="secondary" onClick={openDuplicate}>
        Duplicate
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          archive.reset();
          archiveDialog.open();
        }}
      >
        {group.archived ? 'Unarchive' : 'Archive'}
      </Button>
      <Button
        variant="danger"
        onClick={() => {
          remove.reset();
          deleteDialog.open();
        }}
      >
        Delete
      </Button>

      <FormModal
        dialog={duplicateDialog}
        title="Duplicate activity"
        onSubmit={submitDuplicate}
        saving={duplicate.isPending}
        formError={duplicate.error?.message ?? null}
        saveLabel="Duplicate"
      >
        <p>
          Sessions, tickets, add-ons and settings are copied; bookings are not. The copy starts
          unpublished.
        </p>
        <TextField
          label="First session date"
          type="date"
          required
          value={startDate}
          onChange={(e) => setStartDate(e.target.value)}
          hint="Every session moves by the same number of days and keeps its times."
        />
        <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
      </FormModal>

      <Modal
        {...archiveDialog.modalProps}
        size="sm"
        title={group.archived ? 'Unarchive activity' : 'Archive activity'}
        footer={
          <>
            <Button variant="secondary" onClick={archiveDialog.cancel}>
              Cancel
            </Button>
            <Button
              loading={archive.isPending}
              onClick={() =>
                archive.mutate(!group.archived, { onSuccess: () => archiveDialog.confirm() })
              }
            >
              {group.archived ? 'Unarchive' : 'Archive'}
            </Button>
          </>
        }
      >
        {archive.error ? <Alert tone="error">{archive.error.message}</Alert> : null}
        {group.archived ? (
          <p>
            Bring <strong>{group.name}</strong> back to the activities list? Parents see it again if
            it is published.
          </p>
        ) : (
          <p>
            Archive <strong>{group.name}</strong>? It is hidden from parents and from the activities
            list; its bookings and reports stay.
          </p>
        )}
      </Modal>

      <ConfirmDeleteModal
        dialog={{
          ...deleteDialog,
          confirm: () => deleteDialog.confirm(() => navigate('/activities')),
        }}
        title="Delete activity"
        remove={remove}
        targetId={group._id}
      >
        <p>
          Delete <strong>{group.name}</strong> with its sessions, tickets and add-ons? This cannot
          be undone.
        </p>
      </ConfirmDeleteModal>
    </>
  );
}
