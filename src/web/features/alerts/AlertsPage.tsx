import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { OPEN_STATUSES } from '../../../common/statuses.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  type KeptSelection,
  ListLoadProgress,
  ListScreen,
  type Paging,
  turnPage,
  useHiddenColumns,
  useList,
  useListControls,
  usePageRows,
} from '../../components/list/index.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { useSelectedCustomers, useShellData, useTitleCount } from '../../shell/index.ts';
import { AlertsFilters } from './list/AlertsFilters.tsx';
import { addressFilters } from './list/address-filters.ts';
import { BulkUpdateDialog } from './list/BulkUpdateDialog.tsx';
import { CheckList } from './list/CheckList.tsx';
import { COLUMN_KEYS, type ColumnKey, HIDDEN_BY_DEFAULT } from './list/columns.ts';
import { alertsCsv } from './list/export.ts';
import { countStatuses } from './list/keyword-filter.ts';
import { SelectionBar } from './list/SelectionBar.tsx';
import { useAlertColumns } from './list/use-alert-columns.tsx';
import { useAlertDetails } from './list/use-alert-details.ts';
import { useAlertTargets } from './list/use-alert-targets.ts';
import { useAlertsData } from './list/use-alerts-data.ts';
import { type ListFilters, useAlertsTable } from './list/use-alerts-table.ts';
import { useBulkTriage } from './list/use-bulk-triage.ts';
import { useSortWarmup } from './list/use-sort-warmup.ts';
import { useLabels } from './shared/use-labels.ts';
import type { AlertSummary, DateRange } from './types.ts';
import './alerts.css';

const OPEN = new Set<string>(OPEN_STATUSES);
const HIDDEN_COLUMNS_KEY = 'watchfloor.alerts.hiddenColumns';
const alertId = (a: AlertSummary) => a.id;
const alertName = (a: AlertSummary) => `#${a.id}`;

/**
 * /alerts: the alerts of the selected customers (spec 2, sections 2 and 3), filtered, sorted and
 * paged in the browser over up to 100 000 loaded rows (the list kit, with the alerts' own search
 * index and sort ranks), with keyboard triage (DESIGN section 7): the list keys, and f filters,
 * u updates the selection, e exports (registry group alertList).
 */
export function AlertsPage(_: ScreenProps) {
  const { t } = useTranslation('alerts');
  const labels = useLabels();
  const { selected: customerIds } = useSelectedCustomers();
  const { customers } = useShellData();
  const [, navigate] = useLocation();
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
  const keywordRef = useRef<HTMLInputElement>(null);
  const {
    visible,
    hidden,
    toggle: toggleColumn,
  } = useHiddenColumns<ColumnKey>(HIDDEN_COLUMNS_KEY, COLUMN_KEYS, HIDDEN_BY_DEFAULT);

  const names = useMemo(() => new Map(customers.map((c) => [c.customer_id, c.name])), [customers]);
  const customerName = useCallback((id: string) => names.get(id) ?? id, [names]);
  const data = useAlertsData({ customerIds, days, title, period });
  const controls = useListControls();
  const table = useAlertsTable(data.rows, filters, customerName, controls.sort);
  useSortWarmup(data.rows, visible, customerName, data.status === 'ready');
  const { send, filtered, selectedSet } = table;
  const { selected, anchor, allMatching } = table.view;
  const { pageRows, total, page } = usePageRows(filtered, controls);
  const paging: Paging = { kind: 'numbered', total };
  const columns = useAlertColumns(visible, customerName);
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

  // The bulk selection spans pages and can be "all N matching" (machines/table), so the page keeps it.
  const keptSelection = useMemo(
    (): KeptSelection<number> => ({
      selected: selectedSet,
      all: allMatching,
      anchor,
      toggle: (id) => send({ type: 'toggle', id }),
      extend: (ids) => send({ type: 'extend', ids }),
      clear: () => send({ type: 'clear-selection' }),
    }),
    [selectedSet, allMatching, anchor, send],
  );
  const hasSelection = selected.length > 0 || allMatching;
  const { refresh } = data;
  const list = useList({
    rows: pageRows,
    rowId: alertId,
    keptSelection,
    details: detailsOf,
    onEdge: (step) => turnPage(controls, paging, step),
    onOpen: (row) => navigate(`/alerts/${row.id}`),
    onBack: () => {
      window.history.back();
      return true;
    },
    screenKeys: {
      'alertList.filter': () => keywordRef.current?.focus(),
      'alertList.update': () => hasSelection && openBulk(),
      'alertList.export': exportCsv,
    },
    target: ({ ids, focused }) => {
      const versions: Record<number, number> = {};
      for (const id of ids) {
        const row = targets.byId.get(id);
        if (row) versions[id] = row.version;
      }
      return { kind: 'alerts' as const, ids, versions, refresh, focusedId: focused?.id ?? null };
    },
  });

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
  const selectLabel = useCallback((row: AlertSummary) => t('list.selectRow', { id: row.id }), [t]);
  const start = (page - 1) * controls.pageSize;
  const end = Math.min(total, start + controls.pageSize);
  const { progress } = data;
  const loading = data.status === 'loading';

  return (
    <ListScreen
      className="alerts-page"
      title={t('title')}
      progress={
        progress && (
          <ListLoadProgress
            loading={loading}
            loaded={progress.loaded}
            expected={progress.expected}
            text={
              loading
                ? progress.expected === null
                  ? t('list.loadedSoFar', { loaded: progress.loaded })
                  : t('list.loaded', { loaded: progress.loaded, expected: progress.expected })
                : progress.truncated
                  ? t('list.truncated', { loaded: progress.loaded })
                  : null
            }
          />
        )
      }
      filters={
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
            onToggle={(c) => toggleColumn(c as ColumnKey)}
          />
        </div>
      }
      before={
        <SelectionBar
          selectedCount={selected.length}
          allMatching={allMatching}
          filteredCount={total}
          pageAllSelected={pageSelection === 'all' && pageRows.length > 0}
          onSelectAllMatching={() => send({ type: 'select-all-matching' })}
          onClear={() => send({ type: 'clear-selection' })}
          onUpdate={openBulk}
          onExport={exportCsv}
        />
      }
      label={t('list.gridLabel')}
      columns={columns}
      rows={pageRows}
      list={list}
      controls={controls}
      paging={paging}
      load={{ status: data.status, error: data.error, reload: data.reload }}
      // The alerts merge what changed since on the refresh ticker themselves (use-alerts-data).
      refresh={false}
      labels={{
        empty: data.rows.length === 0 ? t('list.empty') : t('list.noMatches'),
        loadFailed: t('list.error'),
        retry: t('list.retry'),
      }}
      rowData={(row) => ({ 'alert-id': String(row.id) })}
      rowName={alertName}
      selectLabel={selectLabel}
      pageSelection={{
        state: pageSelection,
        label: t('list.selectPage'),
        onToggle: () => send({ type: 'toggle-page', ids: pageRows.map((r) => r.id) }),
      }}
      gridData={{ keyword: table.appliedKeyword }}
    >
      <p className="sr-only" aria-live="polite">
        {t('list.showing', { first: total ? start + 1 : 0, last: end, total })}
      </p>
      {!bulk.snapshot.matches('Idle') && <BulkUpdateDialog bulk={bulk} />}
    </ListScreen>
  );
}
