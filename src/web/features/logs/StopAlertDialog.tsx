import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { deleteLogAlertRule, listLogAlertRules, type SavedSearch } from './api.ts';

/** The palette's `>stop-alert`: asks, then stops alerting on the saved search shown (its rule goes). */
export function StopAlertDialog({ saved, onClose }: { saved: SavedSearch; onClose(): void }) {
  const { t } = useTranslation('search');
  const { notify } = useToasts();
  // Asked afresh each time the dialog opens: a rule may have been saved a moment ago.
  const rules = asLoaded(useQuery({ ...listLogAlertRules(), staleTime: 0, gcTime: 0 }));
  const rule = rules.data?.find((r) => r.saved_search_id === saved.id) ?? null;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stop = async () => {
    if (!rule || busy) return onClose();
    setBusy(true);
    try {
      await deleteLogAlertRule(rule.id);
      notify({ severity: 'success', title: t('alert.stopped', { name: saved.name }), message: '' });
      onClose();
    } catch (e) {
      setFailure(`${t('alert.stopFailed')} ${e instanceof Error ? e.message : ''}`.trim());
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('alert.stopTitle', { name: saved.name })}
      confirmLabel={rule ? t('alert.stop') : t('alert.close')}
      danger={Boolean(rule)}
      busy={busy || rules.status === 'loading'}
      onConfirm={() => void stop()}
      onCancel={onClose}
    >
      {rules.status === 'ready' && (
        <p role="status">{rule ? t('alert.stopMessage') : t('alert.notAlerting')}</p>
      )}
      {rules.status === 'error' && <p role="alert">{t('alert.rulesFailed')}</p>}
      {failure && <p role="alert">{failure}</p>}
    </ConfirmDialog>
  );
}
