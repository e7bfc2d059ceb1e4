import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  type ListColumn,
  ListLink,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
  useListScreenTexts,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useCan } from '../../session/use-can.ts';
import { useCustomerScope, useShellData } from '../../shell/index.ts';
import { listWorkflowDetails, type WorkflowDetails } from './api.ts';
import { DeleteWorkflowDialog } from './DeleteWorkflowDialog.tsx';
import { NewWorkflowActions } from './NewWorkflowActions.tsx';

const idOf = (workflow: WorkflowDetails) => workflow.workflow_id;
const dataOf = (workflow: WorkflowDetails) => ({ workflow: workflow.workflow_id });

/**
 * /workflows (spec 2, section 2): every workflow the caller may see with its trigger, customers,
 * state and how it last ran, narrowed to the customers chosen in the top bar. Enter opens the
 * editor; n starts a new workflow; one can start from a template; Delete asks first.
 */
export function WorkflowListPage(_: ScreenProps) {
  const { t } = useTranslation('workflows');
  const can = useCan();
  const uid = useId();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState<WorkflowDetails | null>(null);
  // The server narrows the workflows to the customers selected in the top bar.
  const { customerIDs, filtered } = useCustomerScope();
  const { customers } = useShellData();
  const formatTime = useFormatTimestamp();
  const controls = useListControls();
  const load = asLoaded(useQuery(listWorkflowDetails(filtered ? customerIDs : [])));
  const columns = useMemo((): ListColumn<WorkflowDetails>[] => {
    const nameOf = new Map(customers.map((c) => [c.customer_id, c.name]));
    const customersText = (w: WorkflowDetails) =>
      w.global ? t('list.allCustomers') : w.customer_id.map((id) => nameOf.get(id) ?? id).join(', ');
    const stateText = (w: WorkflowDetails) =>
      w.state !== 'draft' && w.draft
        ? t('list.stateWithChanges', { state: t(`state.${w.state}`) })
        : t(`state.${w.state}`);
    return [
      {
        key: 'name',
        label: t('columns.name'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (w) => w.name || t('list.untitled'),
        render: (w) => (
          <ListLink href={`/workflows/${w.workflow_id}`}>{w.name || t('list.untitled')}</ListLink>
        ),
      },
      {
        key: 'trigger',
        label: t('columns.trigger'),
        width: 'minmax(9rem, 1fr)',
        sortable: true,
        text: (w) => t(`trigger.${w.trigger_id}`, { defaultValue: w.trigger_id }),
      },
      {
        key: 'customers',
        label: t('columns.customers'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        text: customersText,
      },
      {
        key: 'state',
        label: t('columns.state'),
        width: 'minmax(8rem, 1fr)',
        sortable: true,
        text: stateText,
      },
      {
        key: 'lastRun',
        label: t('columns.lastRun'),
        width: 'minmax(12rem, 1.2fr)',
        sortable: true,
        value: (w) => (w.last_run ? Date.parse(w.last_run.created_at) : null),
        text: (w) =>
          w.last_run
            ? t('list.lastRun', {
                status: t(`run.${w.last_run.status}`),
                time: formatTime(w.last_run.created_at),
              })
            : t('list.neverRun'),
        render: (w) =>
          w.last_run ? (
            <>
              {t(`run.${w.last_run.status}`)} · <TimeText iso={w.last_run.created_at} format={formatTime} />
            </>
          ) : (
            t('list.neverRun')
          ),
      },
    ];
  }, [t, customers, formatTime]);
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls);
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    enabled: deleting === null,
    target: (selection) => ({
      kind: 'workflows',
      ids: selection.ids,
      focusedId: selection.focused?.workflow_id ?? null,
      refresh: () => void load.reload(),
    }),
    onOpen: (w) => navigate(`/workflows/${w.workflow_id}`),
    ...(can('createWorkflow') && { onNew: () => document.getElementById(`${uid}-new`)?.click() }),
  });
  const focused = list.cursor !== null ? (pageRows[list.cursor] ?? null) : null;

  const texts = useListScreenTexts('workflows', load, total);
  return (
    <ListScreen
      className="workflows-page"
      {...texts}
      actions={
        <>
          {can('createWorkflow') && <NewWorkflowActions newId={`${uid}-new`} />}
          {can('deleteWorkflow') && (
            <button
              type="button"
              className="button button--danger"
              disabled={!focused}
              onClick={() => setDeleting(focused)}
            >
              {focused
                ? t('delete.buttonNamed', { name: focused.name || t('list.untitled') })
                : t('delete.button')}
            </button>
          )}
          {deleting && <DeleteWorkflowDialog workflow={deleting} onClose={() => setDeleting(null)} />}
        </>
      }
      columns={columns}
      rows={pageRows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
    />
  );
}
