export interface TableContext {
  /** How many rows pass the filters now; "all matching" needs at least one. */
  rowCount: number;
  /** Selected row ids, in the order they were selected. */
  selected: number[];
  /** Where a Shift-extended selection starts (the last row toggled by hand). */
  anchor: number | null;
  /** "Select all N matching": every filtered row, including those on other pages. */
  allMatching: boolean;
}

export interface TableInput {
  rowCount?: number;
}
