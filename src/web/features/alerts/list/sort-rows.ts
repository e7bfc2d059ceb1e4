import type { SortState } from '../../../../../machines/table/table.context.ts';
import type { AlertSummary } from '../types.ts';
import { type ColumnKey, sortValue } from './columns.ts';

/**
 * The rows in the column's order, done on the loaded rows in the browser (spec 1, section 4.6).
 * Keys are computed (and lower-cased) once per row, not per comparison, and compared with < rather
 * than a collator, so 100 000 rows sort in well under a frame budget of a keystroke; empty values
 * go last either way, ties keep the loaded order (newest first).
 */
export function sortRows(
  rows: readonly AlertSummary[],
  sort: SortState | null,
  customerName: (id: string) => string,
): readonly AlertSummary[] {
  if (!sort) return rows;
  const column = sort.column as ColumnKey;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => {
    const key = sortValue(row, column, customerName);
    return { row, index, key: typeof key === 'string' ? key.toLowerCase() : key };
  });
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key === b.key) return a.index - b.index;
      return a.key === null ? 1 : -1;
    }
    const order = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return order === 0 ? a.index - b.index : sign * order;
  });
  return keyed.map((k) => k.row);
}
