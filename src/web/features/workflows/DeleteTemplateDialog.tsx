import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidatePaths } from '../../api/query.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useToasts } from '../../shell/index.ts';
import { deleteWorkflowTemplate, type TemplateRecord, WORKFLOWS_AREA } from './api.ts';

/** 'Delete template?' asked first (Cancel has the focus); workflows made from it are not touched. */
export function DeleteTemplateDialog({ template, onClose }: { template: TemplateRecord; onClose(): void }) {
  const { t } = useTranslation('workflows');
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteWorkflowTemplate(template.template_id);
      notify({ severity: 'success', title: t('deleteTemplate.done', { name: template.name }), message: '' });
      await invalidate(WORKFLOWS_AREA);
      onClose();
    } catch (e) {
      notify({ severity: 'danger', title: t('errors.deleteTemplate'), message: (e as Error).message });
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('deleteTemplate.title')}
      confirmLabel={t('deleteTemplate.confirm')}
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('deleteTemplate.message', { name: template.name })}</p>
    </ConfirmDialog>
  );
}
