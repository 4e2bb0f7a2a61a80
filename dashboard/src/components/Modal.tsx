import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { ModalPhase } from './useModal.ts';

export interface ModalProps {
  phase: ModalPhase;
  /** Escape, a backdrop click and the × button call this; with useModal it cancels. */
  onDismiss: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons, right-aligned; primary action last. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A modal dialog on the native <dialog> in modal mode: the page behind is inert (focus stays
 * inside), Escape dismisses, focus returns to where it was. Pair it with useModal, which keeps
 * it on screen through the 300 ms close animation before confirming or cancelling.
 *
 * @example
 * const dialog = useModal({ onCancel: reset });
 * <Modal {...dialog.modalProps} title="Edit field option" footer={…}>…</Modal>
 */
export function Modal({ phase, onDismiss, title, children, footer, size = 'md' }: ModalProps) {
  if (phase === 'closed') return null;
  return (
    <OpenModal phase={phase} onDismiss={onDismiss} title={title} footer={footer} size={size}>
      {children}
    </OpenModal>
  );
}

function OpenModal({ phase, onDismiss, title, children, footer, size }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard path is Escape (onCancel)
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      data-phase={phase}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: keep the dialog mounted so it can animate out before the cancel runs.
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its panel) is a click on the backdrop.
        if (event.target === event.currentTarget) onDismiss();
      }}
    >
      <div className="modal-panel">
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={onDismiss}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer ? <footer className="modal-footer">{footer}</footer> : null}
      </div>
    </dialog>
  );
}
