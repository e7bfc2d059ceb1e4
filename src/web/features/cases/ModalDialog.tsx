import { type ReactNode, useEffect, useId, useRef } from 'react';
import './shared.css';

export interface ModalDialogProps {
  title: string;
  /** Escape and the dialog's own cancel land here. */
  onClose(): void;
  children: ReactNode;
  /** A question that needs an answer (leave, unmute): announced as an alert dialog. */
  alert?: boolean;
  className?: string;
}

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * A modal dialog on the native <dialog> (focus kept inside, the page behind inert). The element
 * marked `data-autofocus`, else the first field or button, gets the focus; closing returns it to
 * where it was. Where showModal() is missing (jsdom) the dialog is simply opened.
 */
export function ModalDialog({ title, onClose, children, alert = false, className }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latestClose = useRef(onClose);
  latestClose.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    (
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
    )?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // React state decides whether the dialog stays; the browser must not close it alone.
        event.preventDefault();
        latestClose.current();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        latestClose.current();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
