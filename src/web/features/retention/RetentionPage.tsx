import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  type ListColumn,
  ListNameButton,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
} from '../../components/list/index.ts';
import { useCan } from '../../session/use-can.ts';
import { useSelectedCustomers, useShellData } from '../../shell/index.ts';
import { type CustomerRetention, getLogRetention, RETENTION_AREA, SPANS, type Span } from './api.ts';
import { CustomerUsage } from './CustomerUsage.tsx';
import { formatBytes } from './usage-model.ts';
import './retention.css';

const idOf = (row: CustomerRetention) => row.customer_id;
// The API answers only the customers of the top bar's filter; narrowing again keeps the kit's rule.
const customersOf = (row: CustomerRetention) => [row.customer_id];

/**
 * /log-retention (spec 2, section 2): per customer of the filter, the days its logs are kept and
 * what is stored now; every column sorts, j/k move between customers, Enter opens one (by type,
 * usage over time and, for staff, the retention form), Esc closes it. One customer in the filter
 * opens at once.
 */
export function RetentionPage(_: ScreenProps) {
  const { t, i18n } = useTranslation('retention');
  const spanId = useId();
  const { selected: customerIds } = useSelectedCustomers();
  const { customers } = useShellData();
  const [span, setSpan] = useState<Span>(90);
  const controls = useListControls();
  const load = asLoaded(useQuery(getLogRetention(customerIds, span)));
  const invalidate = useInvalidatePaths();
  const [openId, setOpenId] = useState<string | null>(null);
  const [asTable, setAsTable] = useState(false);
  const canChange = useCan()('setLogRetention');

  const nameOf = useCallback(
    (id: string) => customers.find((c) => c.customer_id === id)?.name ?? id,
    [customers],
  );
  const columns = useMemo((): ListColumn<CustomerRetention>[] => {
    const number = new Intl.NumberFormat(i18n.language);
    return [
      {
        key: 'customer',
        label: t('columns.customer'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (row) => nameOf(row.customer_id),
        render: (row) => (
          <ListNameButton expanded={openId === row.customer_id} onClick={() => setOpenId(row.customer_id)}>
            {nameOf(row.customer_id)}
          </ListNameButton>
        ),
      },
      {
        key: 'retention',
        label: t('columns.retention'),
        width: 'minmax(8rem, 1fr)',
        sortable: true,
        align: 'end',
        value: (row) => row.retention_days,
        text: (row) => t('columns.days', { count: row.retention_days }),
      },
      {
        key: 'events',
        label: t('columns.events'),
        width: 'minmax(9rem, 1fr)',
        sortable: true,
        align: 'end',
        value: (row) => row.stored.events,
        text: (row) => number.format(row.stored.events),
      },
      {
        key: 'bytes',
        label: t('columns.bytes'),
        width: 'minmax(9rem, 1fr)',
        sortable: true,
        align: 'end',
        value: (row) => row.stored.bytes,
        text: (row) => formatBytes(row.stored.bytes, i18n.language),
      },
    ];
  }, [t, i18n.language, nameOf, openId]);
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls, { customersOf });

  // Another customer filter starts over; a filter of one customer opens it.
  const filterKey = customerIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filter changes
  useEffect(() => {
    setOpenId(null);
    controls.restart();
  }, [filterKey]);
  const only = load.data?.length === 1 ? load.data[0]!.customer_id : null;
  useEffect(() => {
    if (only) setOpenId(only);
  }, [only]);

  const list = useList({
    rows: pageRows,
    rowId: idOf,
    onOpen: (row) => setOpenId(row.customer_id),
    onBack: () => {
      if (openId === null || only !== null) return false;
      setOpenId(null);
      return true;
    },
  });
  const open = load.data?.find((r) => r.customer_id === openId) ?? null;

  return (
    <ListScreen
      className="retention-page"
      title={t('title')}
      count={load.status === 'ready' ? t('count', { count: total }) : t('summary')}
      actions={
        <div className="field retention-span">
          <label htmlFor={spanId} className="field__label">
            {t('span.label')}
          </label>
          <select
            id={spanId}
            className="input"
            value={span}
            onChange={(event) => setSpan(Number(event.target.value) as Span)}
          >
            {SPANS.map((days) => (
              <option key={days} value={days}>
                {t('span.days', { count: days })}
              </option>
            ))}
          </select>
        </div>
      }
      before={<p className="muted">{t('keysHint')}</p>}
      label={t('title')}
      columns={columns}
      rows={pageRows}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
      labels={{ empty: t('empty'), loadFailed: t('loadFailed'), retry: t('retry'), loading: t('loading') }}
      aside={
        open && (
          <CustomerUsage
            key={open.customer_id}
            figures={open}
            name={nameOf(open.customer_id)}
            canChange={canChange}
            asTable={asTable}
            onToggleTable={() => setAsTable((v) => !v)}
            onSaved={() => void invalidate(RETENTION_AREA)}
            onClose={() => setOpenId(null)}
          />
        )
      }
    />
  );
}
