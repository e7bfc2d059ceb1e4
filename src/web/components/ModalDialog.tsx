import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside, tabStops } from './focus-trap.ts';

export interface ModalDialogProps {
  /** Names the dialog (aria-labelledby) and heads it. */
  title: string;
  /** Escape and the dialog's own cancel land here; a press outside never does (it keeps a draft). */
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom; a form's submit button there names the form with `form=`. */
  footer?: ReactNode;
  /** A question that needs an answer (leave, unmute): an alert dialog. */
  alert?: boolean;
  wide?: boolean;
}

const FIELD = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * The console's one modal dialog (WAI-ARIA dialog pattern), on the native <dialog> shown with
 * showModal(), so the page behind is inert. The element marked `data-autofocus` gets the focus,
 * else the first field, else the first button; Tab and Shift+Tab stay inside; Escape closes it;
 * closing returns the focus to where it was. A press outside (on the backdrop) does not close it:
 * most dialogs hold a form, and a stray click must not throw away what was typed. No key pressed inside reaches the screen behind
 * (the global dispatcher leaves every key to an open modal dialog). Where showModal() is missing
 * (an older test DOM) the dialog is simply opened.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  footer,
  alert = false,
  wide = false,
}: ModalDialogProps) {
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
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(FIELD) ??
      tabStops(dialog)[0];
    (first ?? dialog).focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      latestClose.current();
      return;
    }
    keepTabInside(event);
  };

  return createPortal(
    <dialog
      ref={ref}
      className={`modal${wide ? ' modal--wide' : ''}`}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
      onCancel={(event) => {
        // React state decides whether the dialog stays; the browser must not close it alone.
        event.preventDefault();
        latestClose.current();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="modal__panel">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
        {footer && <div className="modal__actions">{footer}</div>}
      </div>
    </dialog>,
    document.body,
  );
}
