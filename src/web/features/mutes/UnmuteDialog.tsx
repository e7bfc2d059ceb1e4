import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../cases/ModalDialog.tsx';

/** 'Unmute this condition? New matching alerts will no longer be muted.' Cancel has the focus. */
export function UnmuteDialog({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation('mutes');
  const { t: common } = useTranslation();
  return (
    <ModalDialog title={t('unmute.title')} onClose={onCancel} alert>
      <p>{t('unmute.message')}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onCancel} data-autofocus>
          {common('cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {t('unmute.confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
