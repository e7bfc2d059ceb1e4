import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { List, useListRef } from 'react-window';
import type { SortState } from '../../../../../machines/table/table.context.ts';
import { useFormatTimestamp } from '../../../components/Timestamp.tsx';
import { LoadError } from '../../../components/table/LoadError.tsx';
import { SlowLoadNotice } from '../../../components/table/SlowLoadNotice.tsx';
import type { RowDetailsState } from '../../../components/table/use-row-details.ts';
import { useShallowMemo } from '../../../components/use-shallow-memo.ts';
import type { AlertSummary } from '../types.ts';
import { AlertRow, type AlertRowProps } from './AlertRow.tsx';
import { AlertsHeader } from './AlertsHeader.tsx';
import { type ColumnKey, gridTemplate } from './columns.ts';
import { PlaceholderRows } from './PlaceholderRows.tsx';

/** Fixed row height: react-window then places 100 000 rows without measuring any. */
export const ROW_HEIGHT = 36;
/** The virtual list's height when it holds more rows than fit. */
const VIEWPORT_ROWS = 18;

export interface AlertsTableProps
  extends Omit<AlertRowProps, 'rows' | 'formatTime' | 'detailsOpen' | 'onToggleDetails'> {
  /** Rows with open details and their heights (components/table/use-row-details). */
  details: RowDetailsState<number>;
  rows: readonly AlertSummary[];
  status: 'loading' | 'ready' | 'error';
  /** Rows before any filter; tells "no alerts" from "no matches". */
  loadedCount: number;
  sort: SortState | null;
  onSort(column: ColumnKey): void;
  pageSelection: 'none' | 'some' | 'all';
  onTogglePage(): void;
  onRetry(): void;
  /** Why the load failed, while status is 'error'. */
  error: unknown;
  /** The keyword the rows were filtered by; on the grid so tests and the benchmark see a commit. */
  appliedKeyword?: string;
}

/**
 * The alerts grid: a header and the rows in a react-window List (fixed row height), so one page
 * of 10 or the whole filtered set of 100 000 scrolls alike. Loading shows placeholder rows,
 * then the rows as pages arrive; an empty and an error state say what happened.
 */
export function AlertsTable(props: AlertsTableProps) {
  const { t } = useTranslation('alerts');
  const {
    rows,
    status,
    loadedCount,
    columns,
    focusedIndex,
    sort,
    onSort,
    pageSelection,
    onTogglePage,
    onRetry,
  } = props;
  const listRef = useListRef(null);
  const { template, minWidth } = gridTemplate(columns);

  useEffect(() => {
    if (focusedIndex >= 0 && focusedIndex < rows.length) {
      listRef.current?.scrollToRow({ index: focusedIndex, align: 'auto' });
    }
  }, [focusedIndex, rows.length, listRef]);

  const { details } = props;
  const height = details.heightOfFirst(VIEWPORT_ROWS);
  const {
    rows: _rows,
    status: _s,
    loadedCount: _l,
    sort: _so,
    onSort: _o,
    pageSelection: _p,
    onTogglePage: _t,
    onRetry: _r,
    appliedKeyword: _k,
    details: _d,
    error: _e,
    ...rowProps
  } = props;

  const { selected, allMatching, customerName, onToggle, onFocusRow, selectLabel, detailsOf } = rowProps;
  const formatTime = useFormatTimestamp();
  const memoRowProps = useShallowMemo({
    rows,
    columns,
    selected,
    allMatching,
    focusedIndex,
    customerName,
    formatTime,
    onToggle,
    onFocusRow,
    selectLabel,
    detailsOpen: details.open,
    onToggleDetails: details.toggle,
    detailsOf,
  });

  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs
    <div
      role="grid"
      aria-label={t('list.gridLabel')}
      aria-rowcount={rows.length + 1}
      aria-busy={status === 'loading'}
      data-keyword={props.appliedKeyword}
      className="alerts-grid slow-load-host"
      style={{ '--alerts-columns': template, '--alerts-min-width': `${minWidth}px` } as CSSProperties}
    >
      <AlertsHeader
        columns={columns}
        sort={sort}
        onSort={onSort}
        pageSelection={pageSelection}
        onTogglePage={onTogglePage}
      />
      {status === 'loading' && rows.length === 0 && <PlaceholderRows columns={columns.length} />}
      {status === 'error' && rows.length === 0 && (
        <LoadError
          className="alerts-state alerts-state--error"
          error={props.error}
          message={t('list.error')}
          retryLabel={t('list.retry')}
          onRetry={onRetry}
        />
      )}
      <SlowLoadNotice loading={status === 'loading' && rows.length === 0} />
      {status === 'ready' && rows.length === 0 && (
        <div className="alerts-state">
          <p>{loadedCount === 0 ? t('list.empty') : t('list.noMatches')}</p>
        </div>
      )}
      {rows.length > 0 && (
        <List
          listRef={listRef}
          role="rowgroup"
          className="alerts-list"
          rowComponent={AlertRow}
          rowCount={rows.length}
          rowHeight={details.heightOf}
          rowProps={memoRowProps}
          defaultHeight={height}
          overscanCount={8}
          style={{ height }}
        />
      )}
    </div>
  );
}
