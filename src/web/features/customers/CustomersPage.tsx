import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLoaded } from '../../api/loaded.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  FilterChip,
  type ListColumn,
  ListFilters,
  ListNameButton,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
  useListScreenTexts,
} from '../../components/list/index.ts';
import { TimeText, useFormatTimestamp } from '../../components/Timestamp.tsx';
import { useCan } from '../../session/use-can.ts';
import { CUSTOMERS_AREA, type Customer, type CustomerSort, listCustomers } from './api.ts';
import { CustomerDetails } from './CustomerDetails.tsx';
import { CustomerForm } from './CustomerForm.tsx';

const FILTERS = ['active_only', 'compliance_sku', 'mdr', 'global_software_package'] as const;
type Filter = (typeof FILTERS)[number];
const customerOf = (customer: Customer) => customer.customer_id;
const idOf = (customer: Customer) => customer.customer_id;
const dataOf = (customer: Customer) => ({ 'customer-id': customer.customer_id });

/**
 * /customers (spec 2, section 2 "Customers"): sortable by name (default), agent, alert and case
 * counts, created and updated (the server sorts); filters only active, compliance SKU, MDR and
 * global software package; details with subscriptions; create, edit and delete for staff who
 * may change data.
 */
export function CustomersPage(_: ScreenProps) {
  const { t } = useTranslation('customers');
  const canManage = useCan()('createCustomer');
  const formatTime = useFormatTimestamp();
  const controls = useListControls();
  const [filters, setFilters] = useState<ReadonlySet<Filter>>(() => new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ customer: Customer | null } | null>(null);
  const invalidate = useInvalidatePaths();
  const sort = controls.sort;
  const load = asLoaded(
    useQuery(
      listCustomers({
        // Unsorted is the server's own order: by name.
        sort: (sort?.column as CustomerSort | undefined) ?? 'name',
        order: sort?.direction ?? 'asc',
        ...Object.fromEntries([...filters].map((f) => [f, true])),
      }),
    ),
  );
  const columns = useMemo(
    (): ListColumn<Customer>[] => [
      {
        key: 'name',
        label: t('columns.name'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (c) => c.name,
        render: (c) => (
          <ListNameButton expanded={openId === c.customer_id} onClick={() => setOpenId(c.customer_id)}>
            {c.name}
          </ListNameButton>
        ),
      },
      {
        key: 'status',
        label: t('columns.status'),
        width: '7rem',
        text: (c) => (c.has_subscription ? t('list.active') : t('list.inactive')),
      },
      ...(['agent_count', 'alert_count', 'case_count'] as const).map(
        (key): ListColumn<Customer> => ({
          key,
          label: t(`columns.${key}`),
          width: '6rem',
          sortable: true,
          align: 'end',
          text: (c) => String(c[key] ?? 0),
        }),
      ),
      ...(
        [
          ['created', 'created_time'],
          ['updated', 'modified_time'],
        ] as const
      ).map(
        ([key, field]): ListColumn<Customer> => ({
          key,
          label: t(`columns.${key}`),
          width: 'minmax(11rem, 1fr)',
          sortable: true,
          text: (c) => formatTime(c[field]),
          render: (c) => <TimeText iso={c[field]} format={formatTime} />,
        }),
      ),
    ],
    [t, openId, formatTime],
  );
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls, {
    customersOf: customerOf,
    sortedByServer: true,
  });
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    enabled: form === null,
    onOpen: (c) => setOpenId(c.customer_id),
    onBack: () => {
      if (openId === null) return false;
      setOpenId(null);
      return true;
    },
    ...(canManage && { onNew: () => setForm({ customer: null }) }),
  });
  const reload = useCallback(() => void invalidate(CUSTOMERS_AREA), [invalidate]);
  const open = load.data?.find((c) => c.customer_id === openId) ?? null;
  const saved = (customer: Customer) => {
    setForm(null);
    setOpenId(customer.customer_id);
    reload();
  };

  const texts = useListScreenTexts('customers', load, total);
  return (
    <ListScreen
      className="customers-page"
      {...texts}
      actions={
        canManage && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setForm({ customer: null })}
          >
            {t('new')}
          </button>
        )
      }
      filters={
        <ListFilters legend={t('filters.legend')}>
          {FILTERS.map((f) => (
            <FilterChip
              key={f}
              label={t(`filters.${f}`)}
              checked={filters.has(f)}
              onChange={(on) => {
                setFilters((current) => {
                  const next = new Set(current);
                  if (on) next.add(f);
                  else next.delete(f);
                  return next;
                });
                controls.restart();
              }}
            />
          ))}
        </ListFilters>
      }
      columns={columns}
      rows={pageRows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
      aside={
        open && (
          <CustomerDetails
            customer={open}
            canManage={canManage}
            onEdit={() => setForm({ customer: open })}
            onChanged={reload}
            onDeleted={() => {
              setOpenId(null);
              reload();
            }}
          />
        )
      }
    >
      {form && <CustomerForm customer={form.customer} onClose={() => setForm(null)} onSaved={saved} />}
    </ListScreen>
  );
}
