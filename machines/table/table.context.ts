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

export interface TableContext {
  /** The sorted column, or null for the rows' own order. */
  sort: SortState | null;
  /** 1-based page number. */
  page: number;
  pageSize: PageSize;
  /** How many rows pass the filters now; the page is kept within reach of it. */
  rowCount: number;
  /** Selected row ids, in the order they were selected. */
  selected: number[];
  /** Where a Shift-extended selection starts (the last row toggled by hand). */
  anchor: number | null;
  /** "Select all N matching": every filtered row, including those on other pages. */
  allMatching: boolean;
}

export interface TableInput {
  pageSize?: PageSize;
  rowCount?: number;
}
