import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

/**
 * 'Leave without saving?' (spec 2, section 4). Staying is the safe default and has the focus;
 * `message` says what would be lost when a screen has better words than the general ones.
 */
export function ConfirmLeaveDialog({
  message,
  onLeave,
  onStay,
}: {
  message?: string;
  onLeave(): void;
  onStay(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('leave.title')}
      confirmLabel={t('leave.leave')}
      cancelLabel={t('leave.stay')}
      danger
      alert
      onConfirm={onLeave}
      onCancel={onStay}
    >
      <p>{message ?? t('leave.message')}</p>
    </ConfirmDialog>
  );
}
