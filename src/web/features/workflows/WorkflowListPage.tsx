import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  type ListColumn,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useCustomerScope, useShellData } from '../../shell/index.ts';
import { listWorkflowDetails, type WorkflowDetails } from './api.ts';

const idOf = (workflow: WorkflowDetails) => workflow.workflow_id;
const dataOf = (workflow: WorkflowDetails) => ({ workflow: workflow.workflow_id });

/**
 * /workflows (spec 2, section 2): every workflow the caller may see with its trigger, customers,
 * state and how it last ran. The editor comes later: rows open nothing yet.
 */
export function WorkflowListPage(_: ScreenProps) {
  const { t } = useTranslation('workflows');
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
  const list = useList({ rows: pageRows, rowId: idOf, enabled: true });

  return (
    <ListScreen
      className="workflows-page"
      title={t('title')}
      count={load.status === 'ready' ? t('count', { count: total }) : t('subtitle')}
      label={t('list.label')}
      columns={columns}
      rows={pageRows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
      labels={{
        empty: t('list.empty'),
        loadFailed: t('errors.load'),
        retry: t('retry'),
        loading: t('loading'),
      }}
    />
  );
}
