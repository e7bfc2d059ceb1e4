import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { type Agent, deleteAgent } from './api.ts';

/**
 * Deleting the selected agents: only inactive (offline) ones can go, so the question names the
 * ones that cannot and deletes the rest after the person confirms.
 */
export function DeleteAgentsDialog({
  agents,
  onClose,
  onDeleted,
}: {
  agents: readonly Agent[];
  onClose(): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('agents');
  const { notify } = useToasts();
  const [busy, setBusy] = useState(false);
  const deletable = agents.filter((a) => a.status === 'offline');
  const kept = agents.filter((a) => a.status !== 'offline');

  const run = async () => {
    setBusy(true);
    const failed: string[] = [];
    for (const agent of deletable) {
      try {
        await deleteAgent(agent.agent_id);
      } catch (error) {
        failed.push(`${agent.host_name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const done = deletable.length - failed.length;
    notify({
      severity: failed.length ? 'warning' : 'success',
      title: t('delete.done', { count: done }),
      message: failed.join('\n'),
    });
    setBusy(false);
    onDeleted();
  };

  return (
    <ConfirmDialog
      title={t('delete.title', { count: agents.length })}
      confirmLabel={t('delete.confirm', { count: deletable.length })}
      danger
      busy={busy || deletable.length === 0}
      onConfirm={run}
      onCancel={onClose}
    >
      <p>{deletable.length ? t('delete.question', { count: deletable.length }) : t('delete.none')}</p>
      {kept.length > 0 && (
        <>
          <p>{t('delete.cannot', { count: kept.length })}</p>
          <ul className="agents-delete__kept">
            {kept.slice(0, 20).map((a) => (
              <li key={a.agent_id}>{a.host_name}</li>
            ))}
            {kept.length > 20 && <li>{t('delete.more', { count: kept.length - 20 })}</li>}
          </ul>
        </>
      )}
    </ConfirmDialog>
  );
}
