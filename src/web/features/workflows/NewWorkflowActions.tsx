import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { useCustomerScope, useToasts } from '../../shell/index.ts';
import { createWorkflow, listWorkflowTemplates, WORKFLOWS_AREA } from './api.ts';

/**
 * New workflow (the default: empty name, scheduled at 9:00 on days 0-4, a draft) or one made from
 * a template, for the customers chosen in the top bar (none chosen: every customer); the editor
 * opens on it.
 */
export function NewWorkflowActions({ newId }: { newId: string }) {
  const { t } = useTranslation('workflows');
  const uid = useId();
  const [, navigate] = useLocation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const { customerIDs, filtered } = useCustomerScope();
  const templates = asLoaded(useQuery(listWorkflowTemplates())).data ?? [];
  const [templateId, setTemplateId] = useState('');
  const [busy, setBusy] = useState(false);
  const create = async (from: { templateId: string; name: string } | null) => {
    setBusy(true);
    try {
      const workflow = await createWorkflow(from, filtered ? [...customerIDs] : []);
      await invalidate(WORKFLOWS_AREA);
      navigate(`/workflows/${workflow.workflow_id}`);
    } catch (e) {
      notify({ severity: 'danger', title: t('errors.create'), message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const chosen = templates.find((tp) => tp.template_id === templateId);
  return (
    <>
      <button
        type="button"
        id={newId}
        className="button button--primary"
        disabled={busy}
        onClick={() => void create(null)}
      >
        {t('new')}
      </button>
      <label className="sr-only" htmlFor={`${uid}-template`}>
        {t('fromTemplate.label')}
      </label>
      <select
        id={`${uid}-template`}
        className="select"
        value={templateId}
        onChange={(e) => setTemplateId(e.target.value)}
      >
        <option value="">{t('fromTemplate.choose')}</option>
        {templates.map((tp) => (
          <option key={tp.template_id} value={tp.template_id}>
            {tp.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        disabled={busy || !chosen}
        onClick={() => chosen && void create({ templateId: chosen.template_id, name: chosen.name })}
      >
        {t('fromTemplate.create')}
      </button>
    </>
  );
}
