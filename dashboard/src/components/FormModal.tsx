import type { ReactNode } from 'react';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Modal, type ModalProps } from './Modal.tsx';
import type { ModalControls } from './useModal.ts';

export interface FormModalProps {
  dialog: ModalControls;
  title: string;
  /** Validates and saves; Enter in a field submits too. */
  onSubmit: () => void;
  saving: boolean;
  /** A failure no field carries (e.g. the network), shown above the fields. */
  formError?: string | null;
  saveLabel?: string;
  size?: ModalProps['size'];
  children: ReactNode;
}

/**
 * A modal form with Cancel and Save. The browser's own validation is off (noValidate): the
 * engine's schema speaks, in the spec's words, next to each field.
 *
 * @example
 * <FormModal dialog={dialog} title="Add a Provider account" onSubmit={submit} saving={save.isPending}
 *   formError={formLevelError(save.error)}>
 *   <TextField label="Name" … />
 * </FormModal>
 */
export function FormModal({
  dialog,
  title,
  onSubmit,
  saving,
  formError,
  saveLabel = 'Save',
  size,
  children,
}: FormModalProps) {
  return (
    <Modal
      {...dialog.modalProps}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={onSubmit} loading={saving}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {formError ? <Alert>{formError}</Alert> : null}
        {children}
      </form>
    </Modal>
  );
}
