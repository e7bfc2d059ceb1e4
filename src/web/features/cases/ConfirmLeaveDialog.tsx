import { useTranslation } from 'react-i18next';
import { ModalDialog } from './ModalDialog.tsx';

/** 'Leave with unsaved changes?' (spec 2, section 4). Staying is the safe default and has the focus. */
export function ConfirmLeaveDialog({ onLeave, onStay }: { onLeave(): void; onStay(): void }) {
  const { t } = useTranslation('cases');
  return (
    <ModalDialog title={t('leave.title')} onClose={onStay} alert>
      <p>{t('leave.message')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--danger" onClick={onLeave}>
          {t('leave.leave')}
        </button>
        <button type="button" className="button button--primary" onClick={onStay} data-autofocus>
          {t('leave.stay')}
        </button>
      </div>
    </ModalDialog>
  );
}
