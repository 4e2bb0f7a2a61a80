import { type ReactNode, useEffect, useId, useRef } from 'react';
import { tabbables, trapTab } from './focusTrap.ts';
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
 * A modal dialog on the native <dialog> in modal mode: the page behind is inert, Tab wraps round
 * inside it (focusTrap.ts), Escape dismisses, focus returns to where it was. Pair it with useModal, which keeps
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
    // showModal() focuses the first control, which is the header's ×; a keyboard user opening a
    // form wants its first field instead. A body with no controls keeps the ×.
    const body = dialog.querySelector<HTMLElement>('.modal-body');
    if (body && !dialog.querySelector('[autofocus]')) tabbables(body)[0]?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);

  return (
    // The backdrop click's keyboard path is Escape (onCancel).
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      data-phase={phase}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        // Escape: keep the dialog mounted so it can animate out before the cancel runs. React
        // bubbles the event through the component tree, so a dialog opened from inside another
        // would close its parent too without stopPropagation.
        event.preventDefault();
        event.stopPropagation();
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
