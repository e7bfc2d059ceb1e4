import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidatePaths } from '../../api/query.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { deleteWorkflow, WORKFLOWS_AREA, type WorkflowDetails } from './api.ts';

/** 'Delete workflow?' asked first; queued and running runs are cancelled, finished runs kept. */
export function DeleteWorkflowDialog({ workflow, onClose }: { workflow: WorkflowDetails; onClose(): void }) {
  const { t } = useTranslation('workflows');
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const [busy, setBusy] = useState(false);
  const name = workflow.name || t('list.untitled');
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteWorkflow(workflow.workflow_id);
      notify({ severity: 'success', title: t('delete.done', { name }), message: '' });
      await invalidate(WORKFLOWS_AREA);
      onClose();
    } catch (e) {
      // Spec 2, section 8: 'Unable to delete workflow'.
      notify({ severity: 'danger', title: t('errors.delete'), message: (e as Error).message });
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('delete.message', { name })}</p>
    </ConfirmDialog>
  );
}
