import type { CSSProperties } from 'react';
import type { RowComponentProps } from 'react-window';
import { type DetailItem, RowDetails, RowDetailsToggle } from '../table/RowDetails.tsx';
import { listRowClass } from '../table/RowSelectCell.tsx';
import { RowTabStop } from './ListLinks.tsx';
import type { ListColumn, ListRowDetail, RowId } from './list-types.ts';

/** A cell's classes: the kit's, its column's (`list-cell--title`), and `end` for numbers. */
export function cellClass(column: { key: string; align?: 'end' }): string {
  const own = `list-cell list-cell--${column.key.replace(/[^\w-]/g, '')}`;
  return column.align === 'end' ? `${own} list-cell--end` : own;
}

export interface ListRowProps {
  rows: readonly unknown[];
  columns: readonly ListColumn<unknown>[];
  rowId(row: unknown): RowId;
  /** data- attributes a row carries (what tests and scripts find it by). */
  rowData?(row: unknown): Record<string, string>;
  cursor: number | null;
  selected: ReadonlySet<RowId> | null;
  /** Every row counts as selected (a kept selection's "all N matching"). */
  allSelected: boolean;
  selectLabel?(row: unknown): string;
  /** Rows on earlier pages: the row's place in the whole list is after them. */
  firstIndex: number;
  /** The rows' details (useList `details`), or null when the list has none. */
  details: {
    open: ReadonlySet<RowId>;
    toggle(id: RowId): void;
    of(row: unknown): readonly DetailItem[];
  } | null;
  /** The row's name for its details button ('Show details of #12'). */
  rowName(row: unknown): string;
  onToggle(index: number): void;
  onFocusRow(index: number): void;
  /** A row's own detail under its cells, when the list has one. */
  detail: ListRowDetail<unknown> | null;
}

/**
 * One row of a kit list (a react-window row): its cells in the columns' order, each on one line,
 * cut with an ellipsis and its text as the tooltip, then its detail across the whole row when the
 * list has one and it is open. The focused row, or the first until one is,
 * is the list's one Tab stop.
 */
export function ListRow({
  index,
  style,
  rows,
  columns,
  rowId,
  rowData,
  cursor,
  selected,
  allSelected,
  selectLabel,
  firstIndex,
  details,
  rowName,
  onToggle,
  onFocusRow,
  detail,
}: RowComponentProps<ListRowProps>) {
  const row = rows[index];
  if (row === undefined) return null;
  const id = rowId(row);
  const isSelected = selected !== null && (allSelected || selected.has(id));
  const open = details?.open.has(id) ?? false;
  const detailsId = `list-details-${String(id).replace(/[^\w-]/g, '_')}`;
  const tabStop = index === cursor || (cursor === null && index === 0);
  const detailShown = detail?.open(row) ?? false;
  const data = Object.fromEntries(Object.entries(rowData?.(row) ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    <div
      role="row"
      style={style as CSSProperties}
      aria-rowindex={firstIndex + index + 2}
      aria-selected={selected ? isSelected : undefined}
      aria-current={index === cursor || undefined}
      data-row-index={index}
      {...data}
      className={`${listRowClass('list-grid__row', {
        selected: isSelected,
        focused: index === cursor,
        open,
      })}${detailShown ? ' list-grid__row--detail' : ''}`}
      tabIndex={tabStop ? 0 : -1}
      onFocus={() => onFocusRow(index)}
    >
      {(selected || details) && (
        // biome-ignore lint/a11y/useSemanticElements: a cell of a virtualised div grid
        <span role="gridcell" tabIndex={-1} className="list-cell list-cell--check">
          {selected && (
            <input
              type="checkbox"
              tabIndex={-1}
              checked={isSelected}
              aria-label={selectLabel?.(row)}
              onChange={() => onToggle(index)}
            />
          )}
          {details && (
            <RowDetailsToggle
              open={open}
              controls={detailsId}
              name={rowName(row)}
              onToggle={() => details.toggle(id)}
            />
          )}
        </span>
      )}
      <RowTabStop.Provider value={tabStop}>
        {columns.map((column) => {
          const text = column.text?.(row);
          return (
            // biome-ignore lint/a11y/useSemanticElements: a cell of a virtualised div grid
            <span
              key={column.key}
              role="gridcell"
              tabIndex={-1}
              data-column={column.key}
              title={text || undefined}
              className={cellClass(column)}
            >
              {column.render ? column.render(row) : text}
            </span>
          );
        })}
      </RowTabStop.Provider>
      {open && details && <RowDetails id={detailsId} items={details.of(row)} />}
      {detailShown && detail && (
        // biome-ignore lint/a11y/useSemanticElements: a cell of a virtualised div grid
        <div role="gridcell" tabIndex={-1} className="list-row-detail">
          {detail.render(row)}
        </div>
      )}
    </div>
  );
}
