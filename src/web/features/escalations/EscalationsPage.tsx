import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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
import { useCan } from '../../session/use-can.ts';
import { useCustomerScope } from '../../shell/index.ts';
import { type EscalationPlan, listEscalationPlans } from './api.ts';
import './escalations.css';

const idOf = (plan: EscalationPlan) => plan.plan_id;
const dataOf = (plan: EscalationPlan) => ({ plan: plan.name });

/** /escalations (spec 2, section 2): the escalation plans; Enter opens one, "New plan" makes one. */
export function EscalationsPage(_: ScreenProps) {
  const { t } = useTranslation('escalations');
  const [, navigate] = useLocation();
  const { customerIDs, filtered, activeCustomers } = useCustomerScope();
  const canChange = useCan()('createEscalationPlan');
  const controls = useListControls();
  const load = asLoaded(useQuery(listEscalationPlans(filtered ? customerIDs : [])));
  const names = useMemo(
    () => new Map(activeCustomers.map((c) => [c.customer_id, c.name])),
    [activeCustomers],
  );
  const columns = useMemo(
    (): ListColumn<EscalationPlan>[] => [
      {
        key: 'name',
        label: t('columns.name'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (p) => p.name,
        render: (p) => <ListLink href={`/escalations/${p.plan_id}`}>{p.name}</ListLink>,
      },
      {
        key: 'customer',
        label: t('columns.customer'),
        width: 'minmax(10rem, 1.5fr)',
        sortable: true,
        text: (p) => (p.customer_id ? (names.get(p.customer_id) ?? p.customer_id) : t('allCustomers')),
      },
      {
        key: 'steps',
        label: t('columns.steps'),
        width: '6rem',
        sortable: true,
        align: 'end',
        value: (p) => p.steps.length,
        text: (p) => String(p.steps.length),
      },
      {
        key: 'zone',
        label: t('columns.timeZone'),
        width: 'minmax(10rem, 1fr)',
        sortable: true,
        text: (p) => p.time_zone,
      },
      {
        key: 'location',
        label: t('columns.location'),
        width: 'minmax(10rem, 1fr)',
        sortable: true,
        text: (p) => p.location,
      },
    ],
    [t, names],
  );
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls);
  const list = useList({ rows: pageRows, rowId: idOf, onOpen: (p) => navigate(`/escalations/${p.plan_id}`) });
  const texts = useListScreenTexts('escalations', load, total);
  return (
    <ListScreen
      className="escalations-page"
      {...texts}
      actions={
        canChange && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => navigate('/escalations/new')}
          >
            {t('newPlan')}
          </button>
        )
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
