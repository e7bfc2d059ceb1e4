/** Sort direction of a column; a column cycles ascending → descending → unsorted (spec 1, section 4.6). */
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** Page sizes of spec 1, section 9: exactly these four. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** Spec 1, section 9: 10 unless the user's default_page_size says otherwise. */
export const DEFAULT_PAGE_SIZE = 10;

/** Spec 1, section 4.6: ascending → descending → unsorted; another column starts ascending. */
export function nextSort(current: SortState | null, column: string): SortState | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

/** The number of pages the rows fill; at least 1. */
export function pageCount(rowCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rowCount / pageSize));
}
