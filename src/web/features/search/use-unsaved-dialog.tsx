import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useIsActivePage } from '../../shell/index.ts';
// The console's one unsaved-changes guard (the case editor's): it holds back navigation away.
import { navigateAnyway, useLeaveGuard } from '../cases/use-leave-guard.ts';

/**
 * A dialog with changes asks before they are lost: closing it (Esc, Cancel) and leaving the
 * page (a link, the palette, back) both ask "Discard changes?"; staying is the safe default.
 * Returns the close the dialog's own buttons use and the question to render beside the dialog.
 */
export function useUnsavedDialog(dirty: boolean, onClose: () => void) {
  const { t } = useTranslation('search');
  const [, navigate] = useLocation();
  const active = useIsActivePage();
  const [asking, setAsking] = useState<{ to: string | null; replace: boolean } | null>(null);
  useLeaveGuard(dirty && active, (to, replace) => setAsking({ to, replace }));
  const requestClose = () => (dirty ? setAsking({ to: null, replace: false }) : onClose());
  const question = asking && (
    <ConfirmDialog
      title={t('unsaved.title')}
      confirmLabel={t('unsaved.discard')}
      cancelLabel={t('unsaved.stay')}
      danger
      alert
      onConfirm={() => {
        setAsking(null);
        onClose();
        if (asking.to !== null) navigateAnyway(navigate, asking.to, asking.replace);
      }}
      onCancel={() => setAsking(null)}
    >
      <p>{t('unsaved.message')}</p>
    </ConfirmDialog>
  );
  return { requestClose, question };
}
