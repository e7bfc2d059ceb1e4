import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './ModalDialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe answer's label; Cancel unless given. */
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  /** A question that must be answered (leave, unmute): an alert dialog. */
  alert?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before something that cannot be undone; the safe answer has focus first, so Enter is safe. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  alert,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      title={title}
      onClose={onCancel}
      alert={alert}
      footer={
        <>
          <button type="button" className="button" data-autofocus onClick={onCancel}>
            {cancelLabel ?? t('cancel')}
          </button>
          <button
            type="button"
            className={`button button--primary${danger ? ' button--danger' : ''}`}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </ModalDialog>
  );
}
