import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * docs/rules/constants.md, docs/rules/editing-and-states.md: a sub-form modal closes, waits 300 ms,
 * then confirms or cancels.
 */
export const MODAL_CLOSE_DELAY_MS = 300;

/** 'closing' lasts MODAL_CLOSE_DELAY_MS while the modal animates out. */
export type ModalPhase = 'closed' | 'open' | 'closing';

export interface ModalControls {
  phase: ModalPhase;
  /** True from open() until the close delay has passed. */
  isOpen: boolean;
  open: () => void;
  /** Closes, waits 300 ms, then runs `after` (save the sub-form, then reset it). */
  confirm: (after?: () => void) => void;
  /** Closes, waits 300 ms, then runs the hook's `onCancel` (reset the sub-form). */
  cancel: () => void;
  /** Spread onto <Modal>: Escape, the backdrop and the close button all cancel. */
  modalProps: { phase: ModalPhase; onDismiss: () => void };
}

/**
 * State of one modal. The work waits for the close animation so the form never visibly resets
 * or jumps while the dialog is still on screen (spec: "Sub-form modals close, wait 300 ms, then
 * confirm or cancel and reset the sub-form").
 *
 * @example
 * const dialog = useModal({ onCancel: form.reset });
 * <Modal {...dialog.modalProps} title="Add new session"
 *   footer={<Button onClick={() => valid && dialog.confirm(() => { add(form.values); form.reset(); })}>Save</Button>} />
 */
export function useModal({ onCancel }: { onCancel?: () => void } = {}): ModalControls {
  const [phase, setPhase] = useState<ModalPhase>('closed');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A second click during the close delay must not run the confirm or cancel twice.
  const closing = useRef(false);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const open = useCallback(() => {
    clearTimeout(timer.current);
    closing.current = false;
    setPhase('open');
  }, []);

  const confirm = useCallback((after?: () => void) => {
    if (closing.current) return;
    closing.current = true;
    setPhase('closing');
    timer.current = setTimeout(() => {
      closing.current = false;
      setPhase('closed');
      after?.();
    }, MODAL_CLOSE_DELAY_MS);
  }, []);

  const cancel = useCallback(() => confirm(() => onCancelRef.current?.()), [confirm]);

  return {
    phase,
    isOpen: phase !== 'closed',
    open,
    confirm,
    cancel,
    modalProps: { phase, onDismiss: cancel },
  };
}
