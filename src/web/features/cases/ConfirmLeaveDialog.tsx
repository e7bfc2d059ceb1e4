import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

/** 'Leave with unsaved changes?' (spec 2, section 4). Staying is the safe default and has the focus. */
export function ConfirmLeaveDialog({ onLeave, onStay }: { onLeave(): void; onStay(): void }) {
  const { t } = useTranslation('cases');
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
      <p>{t('leave.message')}</p>
    </ConfirmDialog>
  );
}
