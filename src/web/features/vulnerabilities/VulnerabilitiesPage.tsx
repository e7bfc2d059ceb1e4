import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  type ListColumn,
  ListNameButton,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { useSelectedCustomers, useShellData } from '../../shell/index.ts';
import { InvalidVulnerabilitiesResponse, listVulnerabilities, type Vulnerability } from './api.ts';
import { osNameOf } from './os-name.ts';
import { VulnerabilityDrill } from './VulnerabilityDrill.tsx';
import './vulnerabilities.css';

const rowKey = (row: Vulnerability) => `${row.customer_id}/${row.os.platform}`;

/** The report's counts, each a column that lines up on the right and sorts as a number. */
const COUNTS = [
  ['patches', (r: Vulnerability) => r.patches.length],
  ['applications', (r: Vulnerability) => r.applications.length],
  ['os', (r: Vulnerability) => r.standalone_os_vulnerabilities.length],
  ['vulnerable', (r: Vulnerability) => r.vulnerable_count],
  ['agents', (r: Vulnerability) => r.agent_count],
] as const;

/**
 * /vulnerabilities (spec 2, section 7): per customer and OS, what the agents reported, for the
 * customers selected in the top bar (the server narrows the report). Every column sorts; j/k
 * move between rows, Enter opens the row's findings and the agents affected, Esc closes them.
 */
export function VulnerabilitiesPage(_: ScreenProps) {
  const { t } = useTranslation('vulnerabilities');
  const { selected: customerIds } = useSelectedCustomers();
  const { customers } = useShellData();
  const controls = useListControls();
  const load = asLoaded(useQuery(listVulnerabilities(customerIds)));
  const [openKey, setOpenKey] = useState<string | null>(null);

  const customerName = useCallback(
    (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id,
    [customers],
  );
  // Another customer filter is another report: its drill-down starts closed.
  const filterKey = customerIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the filter changes
  useEffect(() => setOpenKey(null), [filterKey]);

  const columns = useMemo(
    (): ListColumn<Vulnerability>[] => [
      {
        key: 'customer',
        label: t('columns.customer'),
        width: 'minmax(12rem, 1.4fr)',
        sortable: true,
        text: (r) => customerName(r.customer_id),
        render: (r) => (
          <ListNameButton expanded={openKey === rowKey(r)} onClick={() => setOpenKey(rowKey(r))}>
            {customerName(r.customer_id)}
          </ListNameButton>
        ),
      },
      {
        key: 'platform',
        label: t('columns.platform'),
        width: 'minmax(11rem, 1.2fr)',
        sortable: true,
        text: (r) => osNameOf(r.os.platform),
      },
      ...COUNTS.map(
        ([key, count]): ListColumn<Vulnerability> => ({
          key,
          label: t(`columns.${key}`),
          width: 'minmax(7rem, 1fr)',
          sortable: true,
          align: 'end',
          value: count,
          text: (r) => String(count(r)),
        }),
      ),
    ],
    [t, customerName, openKey],
  );
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls);
  const list = useList({
    rows: pageRows,
    rowId: rowKey,
    onOpen: (r) => setOpenKey(rowKey(r)),
    onBack: () => {
      if (openKey === null) return false;
      setOpenKey(null);
      return true;
    },
  });
  const open = load.data?.find((r) => rowKey(r) === openKey) ?? null;

  return (
    <ListScreen
      className="vulnerabilities-page"
      title={t('title')}
      count={load.status === 'ready' ? t('count', { count: total }) : undefined}
      before={<p className="muted">{`${t('summary')} ${t('keysHint')}`}</p>}
      label={t('title')}
      columns={columns}
      rows={pageRows}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
      labels={{
        empty: t('empty'),
        loadFailed:
          load.error instanceof InvalidVulnerabilitiesResponse ? t('invalidResponse') : t('loadFailed'),
        retry: t('retry'),
        loading: t('loading'),
      }}
    >
      {open && (
        <VulnerabilityDrill
          key={rowKey(open)}
          row={open}
          customerName={customerName(open.customer_id)}
          osName={osNameOf(open.os.platform)}
          onClose={() => setOpenKey(null)}
        />
      )}
    </ListScreen>
  );
}
