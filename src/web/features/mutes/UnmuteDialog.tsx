import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

/** 'Unmute this condition? New matching alerts will no longer be muted.' Cancel has the focus. */
export function UnmuteDialog({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation('mutes');
  return (
    <ConfirmDialog
      title={t('unmute.title')}
      confirmLabel={t('unmute.confirm')}
      danger
      alert
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('unmute.message')}</p>
    </ConfirmDialog>
  );
}
