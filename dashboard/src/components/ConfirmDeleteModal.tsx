import type { ReactNode } from 'react';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';
import type { ModalControls } from './useModal.ts';

/** The part of a react-query delete mutation the dialog drives. */
export interface DeleteMutation {
  mutate: (id: string, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: Error | null;
}

export interface ConfirmDeleteModalProps {
  dialog: ModalControls;
  /** e.g. 'Delete venue'; also the dialog's accessible name. */
  title: string;
  remove: DeleteMutation;
  /** The id to delete; null while nothing is chosen. */
  targetId: string | null;
  /** The question, with what deleting it means. */
  children: ReactNode;
}

/**
 * "Delete X?" with Cancel and Delete. When the server refuses (a guard, e.g. the venue is used by
 * an activity), its message replaces the question and the only way on is Close: there is
 * nothing left to confirm.
 *
 * @example
 * <ConfirmDeleteModal dialog={confirmDelete} title="Delete venue" remove={remove} targetId={deleting?._id ?? null}>
 *   <p>Delete <strong>{deleting?.name}</strong>? This cannot be undone.</p>
 * </ConfirmDeleteModal>
 */
export function ConfirmDeleteModal({
  dialog,
  title,
  remove,
  targetId,
  children,
}: ConfirmDeleteModalProps) {
  const refused = remove.error !== null;
  return (
    <Modal
      {...dialog.modalProps}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            {refused ? 'Close' : 'Cancel'}
          </Button>
          {refused ? null : (
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                targetId &&
                remove.mutate(targetId, {
                  onSuccess: () => dialog.confirm(() => remove.reset()),
                })
              }
            >
              Delete
            </Button>
          )}
        </>
      }
    >
      {remove.error ? <Alert>{remove.error.message}</Alert> : children}
    </Modal>
  );
}
