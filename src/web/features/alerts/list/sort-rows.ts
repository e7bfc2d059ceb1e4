import type { SortState } from '../../../components/list/sort-paging.ts';
import type { AlertSummary } from '../types.ts';
import type { ColumnKey } from './columns.ts';
import { type Ranking, rankColumn } from './sort-ranks.ts';

/**
 * Sorting the loaded rows in the browser (spec 1, section 4.6): text compares lower-cased with <
 * (not a collator), numbers as numbers, empty values go last either way, ties keep the loaded
 * order (newest first). Each distinct value is ranked once per row set and column and kept, so a
 * sort, its reversal and sorting back are a counting sort of small numbers: well within the
 * 50 ms repaint budget with 100 000 rows (DESIGN section 10).
 */

interface Kept extends Ranking {
  /** Customers sort by name: a ranking holds for the names it was made with. */
  customerName: (id: string) => string;
}

const kept = new WeakMap<readonly AlertSummary[], Map<ColumnKey, Kept>>();

/** The column's ranking for these rows, made now unless it was made before. */
export function prepareSort(
  rows: readonly AlertSummary[],
  column: ColumnKey,
  customerName: (id: string) => string,
): Ranking {
  let byColumn = kept.get(rows);
  if (!byColumn) {
    byColumn = new Map();
    kept.set(rows, byColumn);
  }
  let ranking = byColumn.get(column);
  if (ranking?.customerName !== customerName) {
    ranking = { ...rankColumn(rows, column, customerName), customerName };
    byColumn.set(column, ranking);
  }
  return ranking;
}

/** The row positions in the column's order, or null for the loaded order. */
export function sortOrder(
  rows: readonly AlertSummary[],
  sort: SortState | null,
  customerName: (id: string) => string,
): Int32Array | null {
  if (!sort) return null;
  const { ranks, distinct } = prepareSort(rows, sort.column as ColumnKey, customerName);
  const descending = sort.direction === 'desc';
  // Counting sort: one bucket per rank, the last for empty values; stable, so ties keep row order.
  const bucketOf = (i: number) => {
    const r = ranks[i]!;
    return r < 0 ? distinct : descending ? distinct - 1 - r : r;
  };
  const starts = new Int32Array(distinct + 2);
  for (let i = 0; i < rows.length; i++) starts[bucketOf(i) + 1]!++;
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
  const order = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) order[starts[bucketOf(i)]!++] = i;
  return order;
}

/** The rows in the column's order. */
export function sortRows(
  rows: readonly AlertSummary[],
  sort: SortState | null,
  customerName: (id: string) => string,
): readonly AlertSummary[] {
  const order = sortOrder(rows, sort, customerName);
  return order ? Array.from(order, (i) => rows[i]!) : rows;
}
