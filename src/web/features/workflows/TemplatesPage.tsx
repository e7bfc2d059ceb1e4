import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  type ListColumn,
  ListLink,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { useCan } from '../../session/use-can.ts';
import { useCustomerScope, useToasts } from '../../shell/index.ts';
import { createWorkflow, listWorkflowTemplates, type TemplateRecord, WORKFLOWS_AREA } from './api.ts';
import { DeleteTemplateDialog } from './DeleteTemplateDialog.tsx';

const idOf = (template: TemplateRecord) => template.template_id;
const dataOf = (template: TemplateRecord) => ({ template: template.template_id });

/**
 * /workflows/templates (spec 2, section 2): the provider's templates. Enter opens one in the
 * editor (template mode); "Use template" makes a workflow from the focused one and opens it;
 * "Delete" asks first.
 */
export function TemplatesPage(_: ScreenProps) {
  const { t } = useTranslation('workflows');
  const can = useCan();
  const [, navigate] = useLocation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const { customerIDs, filtered } = useCustomerScope();
  const controls = useListControls();
  const load = asLoaded(useQuery(listWorkflowTemplates()));
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<TemplateRecord | null>(null);
  const columns = useMemo(
    (): ListColumn<TemplateRecord>[] => [
      {
        key: 'name',
        label: t('columns.name'),
        width: 'minmax(14rem, 2fr)',
        sortable: true,
        text: (tp) => tp.name,
        render: (tp) =>
          can('updateWorkflowTemplate') ? (
            <ListLink href={`/workflows/templates/${tp.template_id}`}>{tp.name}</ListLink>
          ) : (
            tp.name
          ),
      },
      {
        key: 'trigger',
        label: t('columns.trigger'),
        width: 'minmax(9rem, 1fr)',
        sortable: true,
        text: (tp) => t(`trigger.${tp.trigger_id}` as never, { defaultValue: tp.trigger_id }),
      },
      {
        key: 'steps',
        label: t('columns.steps'),
        width: '7rem',
        align: 'end',
        sortable: true,
        value: (tp) => tp.task_list.length,
        text: (tp) => String(tp.task_list.length),
      },
    ],
    [t, can],
  );
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls);
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    enabled: deleting === null,
    onOpen: (tp) => can('updateWorkflowTemplate') && navigate(`/workflows/templates/${tp.template_id}`),
  });
  const focused = list.cursor !== null ? (pageRows[list.cursor] ?? null) : null;
  const use = async (template: TemplateRecord) => {
    setBusy(true);
    try {
      const workflow = await createWorkflow(
        { templateId: template.template_id, name: template.name },
        filtered ? [...customerIDs] : [],
      );
      await invalidate(WORKFLOWS_AREA);
      navigate(`/workflows/${workflow.workflow_id}`);
    } catch (e) {
      notify({ severity: 'danger', title: t('errors.create'), message: (e as Error).message });
      setBusy(false);
    }
  };
  return (
    <ListScreen
      className="workflow-templates-page"
      title={t('templates.title')}
      count={load.status === 'ready' ? t('templates.count', { count: total }) : t('templates.subtitle')}
      actions={
        <>
          {can('createWorkflow') && (
            <button
              type="button"
              className="button button--primary"
              disabled={busy || !focused}
              onClick={() => focused && void use(focused)}
            >
              {focused ? t('templates.useNamed', { name: focused.name }) : t('templates.use')}
            </button>
          )}
          {can('deleteWorkflowTemplate') && (
            <button
              type="button"
              className="button button--danger"
              disabled={!focused}
              onClick={() => setDeleting(focused)}
            >
              {focused ? t('deleteTemplate.buttonNamed', { name: focused.name }) : t('deleteTemplate.button')}
            </button>
          )}
          {deleting && <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />}
        </>
      }
      label={t('templates.title')}
      columns={columns}
      rows={pageRows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
      labels={{
        empty: t('templates.empty'),
        loadFailed: t('errors.loadTemplates'),
        retry: t('retry'),
        loading: t('loading'),
      }}
    />
  );
}
