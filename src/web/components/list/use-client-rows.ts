import { useEffect, useMemo } from 'react';
import { useSelectedCustomers } from '../../shell/index.ts';
import type { ListColumn } from './list-types.ts';
import { pageCount, type SortState } from './sort-paging.ts';
import type { ListControls } from './use-list-controls.ts';

/** The customers a row belongs to, for the top bar's customer filter. */
export type CustomersOf<Row> = (row: Row) => string | readonly string[] | null;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Rows in the order of `sort` (by the column's value, else its text); unsorted keeps theirs. */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly ListColumn<Row>[],
  sort: SortState | null,
): readonly Row[] {
  const column = sort && columns.find((c) => c.key === sort.column);
  if (!sort || !column) return rows;
  const sortValue = (row: Row) => column.value?.(row) ?? column.text?.(row) ?? null;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a);
    const y = sortValue(b);
    // Rows without a value go last whichever way the column is sorted.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return sign * order;
  });
}

/** Rows of the customers selected in the top bar (none selected: every row). */
export function narrowByCustomers<Row>(
  rows: readonly Row[],
  selected: readonly string[],
  customersOf: CustomersOf<Row>,
): readonly Row[] {
  if (selected.length === 0) return rows;
  return rows.filter((row) => {
    const of = customersOf(row);
    if (of === null) return false;
    return typeof of === 'string' ? selected.includes(of) : of.some((id) => selected.includes(id));
  });
}

/**
 * A list the API answers whole, sorted and paged in the browser: narrowed to the customers
 * selected in the top bar (when `customersOf` says whose a row is), sorted by the controls'
 * column (unless the server sorted already), and cut to the page shown. The page goes back to
 * 1 when the rows no longer reach it (spec 1, section 4.6).
 */
export function useClientRows<Row>(
  rows: readonly Row[],
  columns: readonly ListColumn<Row>[],
  controls: ListControls,
  options: { customersOf?: CustomersOf<Row>; sortedByServer?: boolean } = {},
) {
  const { selected } = useSelectedCustomers();
  const { customersOf, sortedByServer = false } = options;
  const { sort } = controls;
  const matching = useMemo(() => {
    const narrowed = customersOf ? narrowByCustomers(rows, selected, customersOf) : rows;
    return sortedByServer ? narrowed : sortRows(narrowed, columns, sort);
  }, [rows, selected, customersOf, sortedByServer, columns, sort]);
  return usePageRows(matching, controls);
}

/**
 * The page shown of rows already filtered and in order (a list that filters and sorts a large
 * loaded set its own way, with an index): cut to the controls' page, which goes back to 1 when
 * the rows no longer reach it (spec 1, section 4.6).
 */
export function usePageRows<Row>(rows: readonly Row[], controls: ListControls) {
  const { page, pageSize, setPage } = controls;
  const outOfReach = page > pageCount(rows.length, pageSize);
  useEffect(() => {
    if (outOfReach) setPage(1);
  }, [outOfReach, setPage]);
  const shown = outOfReach ? 1 : page;
  const pageRows = useMemo(
    () => rows.slice((shown - 1) * pageSize, shown * pageSize),
    [rows, shown, pageSize],
  );
  return { pageRows, total: rows.length, page: shown };
}
