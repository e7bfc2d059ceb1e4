import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List } from 'react-window';
import type { SortState } from '../../../../machines/table/table.context.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { SortHeaderCell } from '../../components/table/SortHeaderCell.tsx';
import { useSession } from '../../session/use-session.ts';
import type { Customer, CustomerListQuery, CustomerSort } from './api.ts';
import { CustomerDetails } from './CustomerDetails.tsx';
import { CustomerForm } from './CustomerForm.tsx';
import { CustomerRow, type CustomerRowProps } from './CustomerRow.tsx';
import './customers.css';
import { useCan } from '../../session/use-can.ts';
import { useCustomerList } from './use-customer-list.ts';

const ROW_HEIGHT = 40;
const MAX_HEIGHT = 480;
const COLUMNS: readonly CustomerSort[] = [
  'name',
  'agent_count',
  'alert_count',
  'case_count',
  'created',
  'updated',
];
const FILTERS = ['active_only', 'compliance_sku', 'mdr', 'global_software_package'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * /customers (spec 2, section 2 "Customers"): sortable by name (default), agent, alert and case
 * counts, created and updated; filters only active, compliance SKU, MDR and global software
 * package; details with subscriptions; create, edit and delete for staff who may change data.
 */
export function CustomersPage(_: ScreenProps) {
  const { t } = useTranslation('customers');
  const session = useSession();
  const canManage = useCan()('createCustomer');
  const [sort, setSort] = useState<SortState | null>(null);
  const [filters, setFilters] = useState<Record<Filter, boolean>>({
    active_only: false,
    compliance_sku: false,
    mdr: false,
    global_software_package: false,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ customer: Customer | null } | null>(null);
  const query: CustomerListQuery = {
    sort: (sort?.column as CustomerSort | undefined) ?? 'name',
    order: sort?.direction ?? 'asc',
    ...Object.fromEntries(FILTERS.filter((f) => filters[f]).map((f) => [f, true])),
  };
  const list = useCustomerList(query, session.status === 'ready');
  const open = list.customers.find((c) => c.customer_id === openId) ?? null;
  const rowProps = useMemo<CustomerRowProps>(
    () => ({ customers: list.customers, openId, onOpen: (c) => setOpenId(c.customer_id) }),
    [list.customers, openId],
  );
  const onSort = (column: CustomerSort) =>
    setSort((s) =>
      s?.column !== column
        ? { column, direction: 'asc' }
        : s.direction === 'asc'
          ? { column, direction: 'desc' }
          : null,
    );
  const saved = (customer: Customer) => {
    setForm(null);
    setOpenId(customer.customer_id);
    list.reload();
  };
  const height = Math.min(MAX_HEIGHT, Math.max(list.customers.length, 1) * ROW_HEIGHT);

  return (
    <div className="page-body customers-page">
      <header className="page-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted">{t('subtitle')}</p>
        </div>
        {canManage && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setForm({ customer: null })}
          >
            {t('new')}
          </button>
        )}
      </header>
      <fieldset className="customers-page__filters">
        <legend>{t('filters.legend')}</legend>
        {FILTERS.map((f) => (
          <label key={f} className="checkbox-field">
            <input
              type="checkbox"
              checked={filters[f]}
              onChange={(event) => setFilters((v) => ({ ...v, [f]: event.target.checked }))}
            />
            {t(`filters.${f}`)}
          </label>
        ))}
      </fieldset>
      <div className="two-panes">
        <LoadedContent
          load={list}
          empty={list.customers.length === 0}
          labels={{
            empty: t('list.empty'),
            loadFailed: t('errors.load'),
            retry: t('retry'),
            loading: t('loading'),
          }}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs */}
          <div
            role="grid"
            aria-label={t('list.label')}
            aria-rowcount={list.customers.length + 1}
            className="customer-grid"
          >
            {/* biome-ignore lint/a11y/useSemanticElements: the header row of a virtualised div grid */}
            <div role="row" tabIndex={-1} aria-rowindex={1} className="customer-row customer-row--header">
              {COLUMNS.flatMap((column) => [
                <SortHeaderCell
                  key={column}
                  column={column}
                  label={t(`columns.${column}`)}
                  sort={sort ?? { column: 'name', direction: 'asc' }}
                  onSort={onSort}
                  className="customer-row__header"
                />,
                ...(column === 'name'
                  ? [
                      // biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid
                      <span key="status" role="columnheader" tabIndex={-1} className="customer-row__header">
                        {t('columns.status')}
                      </span>,
                    ]
                  : []),
              ])}
            </div>
            <List
              role="rowgroup"
              rowComponent={CustomerRow}
              rowCount={list.customers.length}
              rowHeight={ROW_HEIGHT}
              rowProps={rowProps}
              defaultHeight={height}
              style={{ height }}
            />
          </div>
        </LoadedContent>
        {open && (
          <CustomerDetails
            customer={open}
            canManage={canManage}
            onEdit={() => setForm({ customer: open })}
            onChanged={() => list.reload()}
            onDeleted={() => {
              setOpenId(null);
              list.reload();
            }}
          />
        )}
      </div>
      {form && <CustomerForm customer={form.customer} onClose={() => setForm(null)} onSaved={saved} />}
    </div>
  );
}
