import { type CSSProperties, type KeyboardEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { List } from 'react-window';
import { SortHeaderCell } from '../table/SortHeaderCell.tsx';
import { useShallowMemo } from '../use-shallow-memo.ts';
import { ListPlaceholders } from './ListPlaceholders.tsx';
import { cellClass, ListRow, type ListRowProps } from './ListRow.tsx';
import type { ListColumn, ListRowDetail, RowId } from './list-types.ts';
import './list.css';
import type { ListState } from './use-list.ts';
import type { ListControls } from './use-list-controls.ts';

/** The least a grid track takes: its fixed size, or the minimum of a minmax(). */
function leastWidth(track: string): string {
  const least = /^minmax\(([^,]+),/.exec(track)?.[1]?.trim() ?? track;
  return least.endsWith('fr') || least === 'auto' ? '0px' : least;
}

/** Height of one row; the viewport shows at most VIEWPORT_ROWS before it scrolls. */
export const ROW_HEIGHT = 36;
const VIEWPORT_ROWS = 16;
/** Extra height of a row whose details are open: the details scroll within it beyond that. */
export const DETAILS_HEIGHT = 112;
/** How near the last row the rows drawn come before a list that grows at its end loads more. */
const NEAR_END_ROWS = 5;

/** A row's height: one line, then its details and its own detail under it when open. */
function rowHeightOf(index: number, { rows, rowId, details, detail }: ListRowProps): number {
  const row = rows[index];
  if (row === undefined) return ROW_HEIGHT;
  const withDetails = details?.open.has(rowId(row)) ? ROW_HEIGHT + DETAILS_HEIGHT : ROW_HEIGHT;
  return detail?.open(row) ? withDetails + detail.height(row) : withDetails;
}

/** A row's key is its id, so an open detail's height stays with its row as rows are added. */
const rowKeyOf = (index: number, { rows, rowId }: ListRowProps) => {
  const row = rows[index];
  return row === undefined ? index : rowId(row);
};

export interface ListGridProps<Row, Id extends RowId> {
  /** The grid's accessible name. */
  label: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  list: ListState<Row, Id>;
  /** The sort of the sortable columns; a list without any needs none. */
  controls?: Pick<ListControls, 'sort' | 'onSort'>;
  rowData?(row: Row): Record<string, string>;
  /** The checkbox's name on a selectable list ('Select dc01'). */
  selectLabel?(row: Row): string;
  /** Rows across every page (aria-rowcount), -1 when unknown; the rows shown when absent. */
  rowCount?: number;
  /** How many rows come before the first one shown (earlier pages). */
  firstIndex?: number;
  /** The rows are on their way: the grid is busy, and shows placeholder rows until it has some. */
  busy?: boolean;
  /** The row's name for its details button ('#12'); its id when absent. */
  rowName?(row: Row): string;
  /** A checkbox in the header that selects or clears the page: whether all, some or none of it is. */
  pageSelection?: { state: 'none' | 'some' | 'all'; label: string; onToggle(): void };
  /** data- attributes of the grid itself (what tests and scripts read of it). */
  gridData?: Record<string, string>;
  /** Each row's own detail under its cells (rows then differ in height). */
  detail?: ListRowDetail<Row>;
  /**
   * A list that grows at its end (more rows read as the user scrolls): called when the rows
   * drawn come near the last one loaded, by scrolling or by the cursor.
   */
  onNearEnd?(): void;
}

/** The check column: a checkbox, a details button, or both. */
function checkTrack(selectable: boolean, details: boolean): string[] {
  if (selectable && details) return ['60px'];
  return selectable || details ? ['36px'] : [];
}

/**
 * The rows of a kit list as an ARIA grid of divs (react-window renders only the rows in view):
 * a header cell per column, sortable ones cycling ascending → descending → unsorted, then the
 * rows. The columns' widths make one grid template, so header and cells line up.
 */
export function ListGrid<Row, Id extends RowId>({
  label,
  columns,
  rows,
  list,
  controls,
  rowData,
  selectLabel,
  rowCount,
  firstIndex = 0,
  busy = false,
  rowName,
  pageSelection,
  gridData,
  detail,
  onNearEnd,
}: ListGridProps<Row, Id>) {
  const hasDetails = list.details !== null;
  const tracks = useMemo(
    () => [...checkTrack(list.selectable, hasDetails), ...columns.map((c) => c.width)],
    [list.selectable, hasDetails, columns],
  );
  const template = tracks.join(' ');
  const minWidth = `calc(${tracks.map(leastWidth).join(' + ')})`;
  const idOf = list.rowId;
  const nameOf = useCallback((row: Row) => (rowName ? rowName(row) : String(idOf(row))), [rowName, idOf]);
  const rowProps = useShallowMemo({
    rows: rows as readonly unknown[],
    columns: columns as readonly ListColumn<unknown>[],
    rowId: list.rowId as (row: unknown) => RowId,
    rowData: rowData as ListRowProps['rowData'],
    cursor: list.cursor,
    selected: list.selectable ? (list.selected as ReadonlySet<RowId>) : null,
    allSelected: list.allSelected,
    selectLabel: selectLabel as ListRowProps['selectLabel'],
    firstIndex,
    details: list.details as ListRowProps['details'],
    rowName: nameOf as ListRowProps['rowName'],
    onToggle: list.toggle,
    onFocusRow: list.setCursor,
    detail: (detail ?? null) as ListRowDetail<unknown> | null,
  });
  let height = 0;
  for (let index = 0; index < Math.min(rows.length, VIEWPORT_ROWS); index++) {
    height += rowHeightOf(index, rowProps);
  }
  height = Math.min(height, VIEWPORT_ROWS * ROW_HEIGHT);
  // Space on a focused row selects it too, as in a file manager; the arrows move as j and k do,
  // as in any grid (the global keys stay letters, so menus and fields keep their arrows).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0 && row && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      // From the cursor: a second press may come before the focus has followed the first.
      const next = (list.cursor ?? Number(row.dataset.rowIndex)) + step;
      event.preventDefault();
      if (next >= 0 && next < rows.length) list.focus(next);
      return;
    }
    if (!list.selectable || event.key !== ' ' || !row || event.target !== row) return;
    event.preventDefault();
    list.toggle(Number(row.dataset.rowIndex));
  };
  const data = Object.fromEntries(Object.entries(gridData ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window needs div rows, so the table is an ARIA grid of divs
    <div
      ref={list.grid}
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount === undefined ? rows.length + 1 : rowCount < 0 ? -1 : rowCount + 1}
      aria-multiselectable={list.selectable || undefined}
      aria-busy={busy}
      {...data}
      onKeyDown={onKeyDown}
      className="list-grid"
      style={{ '--list-columns': template, '--list-min-width': minWidth } as CSSProperties}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the header row of a virtualised div grid */}
      <div role="row" tabIndex={-1} aria-rowindex={1} className="list-grid__row list-grid__row--header">
        {(list.selectable || hasDetails) && (
          // biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid
          <span role="columnheader" tabIndex={-1} className="list-cell list-cell--check">
            {pageSelection && list.selectable && <PageCheckbox {...pageSelection} />}
          </span>
        )}
        {columns.map((column) =>
          column.sortable && controls ? (
            <SortHeaderCell
              key={column.key}
              column={column.key}
              label={column.label}
              sort={controls.sort}
              onSort={controls.onSort}
              className={cellClass(column)}
            />
          ) : (
            // biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid
            <span
              key={column.key}
              role="columnheader"
              tabIndex={-1}
              data-column={column.key}
              className={cellClass(column)}
            >
              {column.label}
            </span>
          ),
        )}
      </div>
      {busy && rows.length === 0 && <ListPlaceholders cells={tracks.length} />}
      <List
        listRef={list.scroller}
        role="rowgroup"
        className="list-grid__rows"
        rowComponent={ListRow}
        rowCount={rows.length}
        rowHeight={hasDetails || detail ? rowHeightOf : ROW_HEIGHT}
        rowKey={rowKeyOf}
        rowProps={rowProps}
        defaultHeight={height}
        overscanCount={8}
        style={{ height }}
        onRowsRendered={
          onNearEnd &&
          (({ stopIndex }) => {
            if (stopIndex >= rows.length - NEAR_END_ROWS) onNearEnd();
          })
        }
      />
    </div>
  );
}

/** The header's checkbox for the page: checked when all of it is selected, mixed when some is. */
function PageCheckbox({
  state,
  label,
  onToggle,
}: NonNullable<ListGridProps<unknown, RowId>['pageSelection']>) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={box}
      type="checkbox"
      tabIndex={-1}
      checked={state === 'all'}
      onChange={onToggle}
      aria-label={label}
    />
  );
}
