import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_PAGE_SIZE, type PageSize } from '../../../../machines/table/table.context.ts';
import { OPEN_STATUSES } from '../../../common/statuses.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useProvideCommandTarget } from '../../commands/target.ts';
import { TablePagination } from '../../components/table/TablePagination.tsx';
import { useListKeys } from '../../keyboard/use-list-keys.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { useIsActivePage, useSelectedCustomers, useShellData, useTitleCount } from '../../shell/index.ts';
import './alerts.css';
import { useRowDetails } from '../../components/table/use-row-details.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { AlertsFilters } from './list/AlertsFilters.tsx';
import { AlertsTable, ROW_HEIGHT } from './list/AlertsTable.tsx';
import { addressFilters } from './list/address-filters.ts';
import { BulkUpdateDialog } from './list/BulkUpdateDialog.tsx';
import { CheckList } from './list/CheckList.tsx';
import { COLUMN_KEYS } from './list/columns.ts';
import { alertsCsv } from './list/export.ts';
import { countStatuses } from './list/keyword-filter.ts';
import { LoadProgressBar } from './list/LoadProgressBar.tsx';
import { SelectionBar } from './list/SelectionBar.tsx';
import { useAlertDetails } from './list/use-alert-details.ts';
import { useAlertTargets } from './list/use-alert-targets.ts';
import { useAlertsData } from './list/use-alerts-data.ts';
import { type ListFilters, useAlertsTable } from './list/use-alerts-table.ts';
import { useBulkTriage } from './list/use-bulk-triage.ts';
import { useHiddenColumns } from './list/use-hidden-columns.ts';
import { useSortWarmup } from './list/use-sort-warmup.ts';
import { useLabels } from './shared/use-labels.ts';
import type { DateRange } from './types.ts';

const OPEN = new Set<string>(OPEN_STATUSES);

/**
 * /alerts: the alerts of the selected customers (spec 2, sections 2 and 3), filtered, sorted and
 * paged in the browser over up to 100 000 loaded rows, with keyboard triage (DESIGN section 7).
 */
export function AlertsPage(_: ScreenProps) {
  const { t } = useTranslation('alerts');
  const labels = useLabels();
  const { attributes } = useSession();
  const { selected: customerIds } = useSelectedCustomers();
  const { customers } = useShellData();
  const [, navigate] = useLocation();
  const active = useIsActivePage();
  const search = useSearch();
  const address = useMemo(() => addressFilters(search), [search]);
  const { title, period } = address;
  const [days, setDays] = useState<DateRange>(address.days);
  const [filters, setFilters] = useState<ListFilters>(address.filters);
  // A link to other filters (the dashboard's) applies them, also to a page kept in the cache.
  useEffect(() => {
    setDays(address.days);
    setFilters(address.filters);
  }, [address]);
  const [focused, setFocused] = useState(-1);
  const keywordRef = useRef<HTMLInputElement>(null);
  const { visible, hidden, toggle: toggleColumn } = useHiddenColumns();

  const names = useMemo(() => new Map(customers.map((c) => [c.customer_id, c.name])), [customers]);
  const customerName = useCallback((id: string) => names.get(id) ?? id, [names]);
  const data = useAlertsData({ customerIds, days, title, period });
  const initialSize: PageSize = attributes.default_page_size ?? DEFAULT_PAGE_SIZE;
  const table = useAlertsTable(data.rows, filters, customerName, initialSize);
  useSortWarmup(data.rows, visible, customerName, data.status === 'ready');
  const { send, filtered, pageRows, selectedSet } = table;
  const { selected, anchor, sort, page, pageSize, allMatching, start, end } = table.view;
  const focusedIndex = Math.min(focused, pageRows.length - 1);
  const focusedRow = pageRows[focusedIndex] ?? null;
  const details = useRowDetails(pageRows, ROW_HEIGHT);
  const detailsOf = useAlertDetails();

  const targets = useAlertTargets({
    rows: data.rows,
    filtered,
    selected,
    allMatching,
    filters,
    customerIds,
    days,
    title,
    period,
    asOf: data.asOf,
  });
  const bulk = useBulkTriage((result) => {
    send({ type: 'select', ids: result.failed.map((f) => f.id) });
    data.refresh();
  });

  // Counted over the matches, which a sort leaves as they are.
  const { index, matched } = table;
  const openCount = useMemo(() => countStatuses(index, matched, OPEN), [index, matched]);
  useTitleCount(data.status === 'loading' && data.rows.length === 0 ? null : openCount);

  const { refresh } = data;
  const commandTarget = useMemo(() => {
    const ids = selected.length ? selected : focusedRow ? [focusedRow.id] : [];
    const versions: Record<number, number> = {};
    for (const id of ids) {
      const row = targets.byId.get(id);
      if (row) versions[id] = row.version;
    }
    return { kind: 'alerts' as const, ids, versions, refresh, focusedId: focusedRow?.id ?? null };
  }, [selected, focusedRow, targets.byId, refresh]);
  useProvideCommandTarget(commandTarget);

  const exportCsv = () => {
    const rows = allMatching
      ? filtered
      : selected.length
        ? filtered.filter((r) => selectedSet.has(r.id))
        : filtered;
    downloadCsv(alertsCsv(rows, customerName, labels.column));
  };
  const openBulk = () => bulk.send({ type: 'open', targets: targets.build() });
  const changeFilters = (next: Partial<ListFilters>) => setFilters((current) => ({ ...current, ...next }));
  // Counted only while something is selected.
  const onPageCount = useMemo(() => {
    if (selectedSet.size === 0) return 0;
    let n = 0;
    for (const row of pageRows) if (selectedSet.has(row.id)) n++;
    return n;
  }, [pageRows, selectedSet]);
  const pageSelection =
    allMatching || (onPageCount > 0 && onPageCount === pageRows.length)
      ? 'all'
      : onPageCount > 0
        ? 'some'
        : 'none';

  // Stable, so a render of the page does not re-render the list's rows (react-window compares rowProps).
  const onToggle = useCallback((id: number) => send({ type: 'toggle', id }), [send]);
  const onSort = useCallback((column: string) => send({ type: 'sort', column }), [send]);
  const selectLabel = useCallback((id: number) => t('list.selectRow', { id }), [t]);

  // The list keys (registry group lists; j/k turn the page at its ends, Shift+x selects from the
  // table's anchor) and the alert list's own f, u and e (registry group alertList).
  const hasSelection = selected.length > 0 || allMatching;
  const anchorIndex = useMemo(() => {
    const index = anchor === null ? -1 : pageRows.findIndex((r) => r.id === anchor);
    return index < 0 ? null : index;
  }, [pageRows, anchor]);
  useListKeys({
    enabled: active,
    count: pageRows.length,
    focused: focusedIndex < 0 ? null : focusedIndex,
    setFocused,
    onEdge: (step) => {
      const next = page + step;
      if (next < 1 || (next - 1) * pageSize >= filtered.length) return false;
      send({ type: 'set-page', page: next });
      // The first row of the next page, or the last of the previous (the focus is clamped).
      setFocused(step === 1 ? 0 : Number.MAX_SAFE_INTEGER);
      return true;
    },
    onToggle: (index) => {
      const row = pageRows[index];
      if (row) send({ type: 'toggle', id: row.id });
    },
    onExtend: (from, to) =>
      send({
        type: 'extend',
        ids: pageRows.slice(Math.min(from, to), Math.max(from, to) + 1).map((r) => r.id),
      }),
    anchor: anchorIndex,
    onOpen: (index) => {
      const row = pageRows[index];
      if (row) navigate(`/alerts/${row.id}`);
    },
    onDetails: (index) => {
      const row = pageRows[index];
      if (row) details.toggle(row.id);
    },
    onBack: () => (hasSelection ? send({ type: 'clear-selection' }) : window.history.back()),
    screenKeys: {
      'alertList.filter': () => keywordRef.current?.focus(),
      'alertList.update': () => hasSelection && openBulk(),
      'alertList.export': exportCsv,
    },
  });

  return (
    <div className="page-body alerts-page">
      <header className="page-header alerts-page__header">
        <h1>{t('title')}</h1>
        <LoadProgressBar progress={data.progress} loading={data.status === 'loading'} />
      </header>
      <div className="toolbar alerts-toolbar">
        <AlertsFilters
          filters={filters}
          onChange={changeFilters}
          days={days}
          onDays={setDays}
          title={title}
          onClearTitle={() => navigate('/alerts')}
          period={period}
          onClearPeriod={() => navigate('/alerts')}
          keywordRef={keywordRef}
        />
        <CheckList
          className="alerts-columns"
          name={t('list.columns')}
          label={t('list.columns')}
          options={COLUMN_KEYS.map((c) => ({ value: c, label: labels.column(c) }))}
          checked={COLUMN_KEYS.filter((c) => !hidden.includes(c))}
          onToggle={(c) => toggleColumn(c as (typeof COLUMN_KEYS)[number])}
        />
      </div>
      <SelectionBar
        selectedCount={selected.length}
        allMatching={allMatching}
        filteredCount={filtered.length}
        pageAllSelected={pageSelection === 'all' && pageRows.length > 0}
        onSelectAllMatching={() => send({ type: 'select-all-matching' })}
        onClear={() => send({ type: 'clear-selection' })}
        onUpdate={openBulk}
        onExport={exportCsv}
      />
      <AlertsTable
        rows={pageRows}
        status={data.status}
        loadedCount={data.rows.length}
        columns={visible}
        selected={selectedSet}
        allMatching={allMatching}
        focusedIndex={focusedIndex}
        customerName={customerName}
        onToggle={onToggle}
        onFocusRow={setFocused}
        selectLabel={selectLabel}
        sort={sort}
        onSort={onSort}
        pageSelection={pageSelection}
        onTogglePage={() => send({ type: 'toggle-page', ids: pageRows.map((r) => r.id) })}
        onRetry={data.reload}
        error={data.error}
        appliedKeyword={table.appliedKeyword}
        details={details}
        detailsOf={detailsOf}
      />
      <TablePagination
        page={page}
        pageSize={pageSize}
        total={filtered.length}
        onPage={(p) => send({ type: 'set-page', page: p })}
        onPageSize={(size) => send({ type: 'set-page-size', pageSize: size })}
      />
      <p className="sr-only" aria-live="polite">
        {t('list.showing', { first: filtered.length ? start + 1 : 0, last: end, total: filtered.length })}
      </p>
      {!bulk.snapshot.matches('Idle') && <BulkUpdateDialog bulk={bulk} />}
    </div>
  );
}
