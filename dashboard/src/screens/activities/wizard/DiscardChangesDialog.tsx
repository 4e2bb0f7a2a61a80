import { Button } from '../../../components/Button.tsx';
import { Modal } from '../../../components/Modal.tsx';
import type { ModalControls } from '../../../components/useModal.ts';

/**
 * "Discard unsaved changes?" before the wizard is left with work in it (Cancel, a sidebar link,
 * 'Add activity fields'); Keep editing stays, Discard changes leaves
 * (docs/rules/editing-and-states.md).
 *
 * @example {discard.isOpen ? <DiscardChangesDialog dialog={discard} onDiscard={leave} /> : null}
 */
export function DiscardChangesDialog({
  dialog,
  onDiscard,
}: {
  dialog: ModalControls;
  onDiscard: () => void;
}) {
  return (
    <Modal
      {...dialog.modalProps}
      size="sm"
      title="Discard unsaved changes?"
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={() => dialog.confirm(onDiscard)}>
            Discard changes
          </Button>
        </>
      }
    >
      <p>
        This activity has changes that have not been saved. If you leave now, they will be lost.
      </p>
    </Modal>
  );
}
