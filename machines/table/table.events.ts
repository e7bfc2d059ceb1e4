/** Events of the table machine. */
export type TableEvent =
  /** The filtered rows changed; "all matching" is offered only while there are some. */
  | { type: 'rows-changed'; rowCount: number }
  /** Selects the row, or unselects it when it is selected; it becomes the anchor. */
  | { type: 'toggle'; id: number }
  /** Adds rows to the selection (Shift+j/k, Shift+x from the anchor); the anchor stays. */
  | { type: 'extend'; ids: readonly number[] }
  /** The header checkbox: selects these (the page's rows), or unselects them when all are in. */
  | { type: 'toggle-page'; ids: readonly number[] }
  /** "Select all N matching". */
  | { type: 'select-all-matching' }
  /** Replaces the selection (e.g. the rows a bulk update could not change). */
  | { type: 'select'; ids: readonly number[] }
  | { type: 'clear-selection' };
