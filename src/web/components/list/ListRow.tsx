import type { CSSProperties } from 'react';
import type { RowComponentProps } from 'react-window';
import { listRowClass } from '../table/RowSelectCell.tsx';
import type { ListColumn, ListRowDetail, RowId } from './list-types.ts';

export interface ListRowProps {
  rows: readonly unknown[];
  columns: readonly ListColumn<unknown>[];
  rowId(row: unknown): RowId;
  /** data- attributes a row carries (what tests and scripts find it by). */
  rowData?(row: unknown): Record<string, string>;
  cursor: number | null;
  selected: ReadonlySet<RowId> | null;
  selectLabel?(row: unknown): string;
  /** Rows on earlier pages: the row's place in the whole list is after them. */
  firstIndex: number;
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
  selectLabel,
  firstIndex,
  onToggle,
  onFocusRow,
  detail,
}: RowComponentProps<ListRowProps>) {
  const row = rows[index];
  if (row === undefined) return null;
  const isSelected = selected?.has(rowId(row)) ?? false;
  const open = detail?.open(row) ?? false;
  const data = Object.fromEntries(Object.entries(rowData?.(row) ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    // biome-ignore lint/a11y/useSemanticElements: react-window positions each row itself; a <tr> cannot be placed so
    <div
      role="row"
      style={style as CSSProperties}
      aria-rowindex={firstIndex + index + 2}
      aria-selected={selected ? isSelected : undefined}
      data-row-index={index}
      {...data}
      className={`${listRowClass('list-grid__row', {
        selected: isSelected,
        focused: index === cursor,
        open: false,
      })}${open ? ' list-grid__row--detail' : ''}`}
      tabIndex={index === cursor || (cursor === null && index === 0) ? 0 : -1}
      onFocus={() => onFocusRow(index)}
    >
      {selected && (
        // biome-ignore lint/a11y/useSemanticElements: a cell of a virtualised div grid
        <span role="gridcell" tabIndex={-1} className="list-cell list-cell--check">
          <input
            type="checkbox"
            tabIndex={-1}
            checked={isSelected}
            aria-label={selectLabel?.(row)}
            onChange={() => onToggle(index)}
          />
        </span>
      )}
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
            className={column.align === 'end' ? 'list-cell list-cell--end' : 'list-cell'}
          >
            {column.render ? column.render(row) : text}
          </span>
        );
      })}
      {open && detail && (
        // biome-ignore lint/a11y/useSemanticElements: a cell of a virtualised div grid
        <div role="gridcell" tabIndex={-1} className="list-row-detail">
          {detail.render(row)}
        </div>
      )}
    </div>
  );
}
