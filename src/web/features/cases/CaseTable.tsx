import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { List, useListRef } from 'react-window';
import type { SortState } from '../../../../machines/table/table.context.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { SortHeaderCell } from '../../components/table/SortHeaderCell.tsx';
import type { RowDetailsState } from '../../components/table/use-row-details.ts';
import { useShallowMemo } from '../../components/use-shallow-memo.ts';
import type { CaseSortKey, CaseSummary } from './api.ts';
import { CaseRow, type CaseRowProps } from './CaseRow.tsx';
import { PlaceholderRows } from './PlaceholderRows.tsx';

/** Fixed row height: react-window then places any number of rows without measuring them. */
export const ROW_HEIGHT = 40;
/** The list's height when it holds more rows than fit; it scrolls inside beyond that. */
const VIEWPORT_ROWS = 15;
/** The checkbox and the eight columns. */
const COLUMNS = 9;

export interface CaseTableProps
  extends Omit<CaseRowProps, 'cases' | 'focusClaim' | 'detailsOpen' | 'onToggleDetails'> {
  cases: readonly CaseSummary[];
  loading: boolean;
  /** The server's order of the rows; null: most recently updated first. */
  sort: SortState | null;
  onSort(column: CaseSortKey): void;
  /** Rows with open details and their heights (components/table/use-row-details). */
  details: RowDetailsState<number>;
}

/**
 * The cases as an ARIA grid of divs whose rows are a react-window List (fixed row height), so a
 * page of 100 scrolls without drawing every row. Each column header sorts (components/table).
 * While a page loads it shows ten placeholder rows; the focused row is scrolled into view.
 */
export function CaseTable({ loading, sort, onSort, details, ...rows }: CaseTableProps) {
  const { t } = useTranslation('cases');
  const { cases, focusedIndex, focusRequest } = rows;
  const listRef = useListRef(null);
  const focusClaim = useRef({ handled: 0 }).current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every keyboard move scrolls, also back to the same row
  useEffect(() => {
    if (focusedIndex !== null && focusedIndex < cases.length) {
      listRef.current?.scrollToRow({ index: focusedIndex, align: 'auto' });
    }
  }, [focusedIndex, focusRequest, cases.length, listRef]);

  // Stable, so a render of the page does not redraw every row (react-window compares rowProps).
  const rowProps = useShallowMemo<CaseRowProps>({
    ...rows,
    focusClaim,
    detailsOpen: details.open,
    onToggleDetails: details.toggle,
  });
  const { heightOf, heightOfFirst } = details;
  const height = heightOfFirst(VIEWPORT_ROWS);
  const showRows = !loading && cases.length > 0;

  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs
    <div
      role="grid"
      aria-label={sort ? t('list.title') : t('list.caption')}
      aria-rowcount={(showRows ? cases.length : 0) + 1}
      aria-multiselectable="true"
      aria-busy={loading}
      className="case-grid"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the header row of a virtualised div grid */}
      <div role="row" tabIndex={-1} aria-rowindex={1} className="case-row case-row--header">
        {/* biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid */}
        <span role="columnheader" tabIndex={-1} className="case-cell case-cell--check">
          <span className="sr-only">{t('columns.select')}</span>
        </span>
        {(
          [
            ['title', 'title', t('columns.title')],
            ['customer', 'customer', t('columns.customer')],
            ['status', 'status', t('columns.status')],
            ['risk', 'risk_score', t('columns.risk')],
            ['tags', 'tags', t('columns.tags')],
            ['assignees', 'assigned_users', t('columns.assignees')],
            ['count', 'alert_count', t('columns.alerts')],
            ['updated', 'updated_at', t('columns.updated')],
          ] as const
        ).map(([cell, column, label]) => (
          <SortHeaderCell
            key={column}
            column={column}
            label={label}
            sort={sort}
            onSort={onSort}
            className={`case-cell case-cell--${cell}`}
          />
        ))}
      </div>
      {loading && <PlaceholderRows columns={COLUMNS} />}
      {loading && <Spinner label={t('list.loading')} className="sr-only" />}
      {showRows && (
        <List
          listRef={listRef}
          role="rowgroup"
          className="case-list"
          rowComponent={CaseRow}
          rowCount={cases.length}
          rowHeight={heightOf}
          rowProps={rowProps}
          rowKey={(index) => cases[index]?.id ?? index}
          defaultHeight={height}
          overscanCount={6}
          style={{ height }}
        />
      )}
    </div>
  );
}
