import { useCallback, useMemo, useState } from 'react';

/** Extra height of a row whose details are open: the details scroll within it beyond that. */
export const DETAILS_HEIGHT = 112;

/**
 * Which rows of a list show their details (spec 1, section 4.6: rows have toggleable details),
 * by id so a re-sort or a reload keeps them open, and the rows' heights for react-window: a row
 * with open details is `rowHeight` plus DETAILS_HEIGHT.
 */
export function useRowDetails<Id>(rows: readonly { id: Id }[], rowHeight: number) {
  const [open, setOpen] = useState<ReadonlySet<Id>>(() => new Set());
  const toggle = useCallback(
    (id: Id) =>
      setOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const heightOf = useCallback(
    (index: number) => {
      const row = rows[index];
      return row !== undefined && open.has(row.id) ? rowHeight + DETAILS_HEIGHT : rowHeight;
    },
    [rows, open, rowHeight],
  );
  /** The height of the rows together, for the list's viewport. */
  const heightOfFirst = useCallback(
    (count: number) => {
      let height = 0;
      for (let i = 0; i < Math.min(count, rows.length); i++) height += heightOf(i);
      return height;
    },
    [rows, heightOf],
  );
  return useMemo(() => ({ open, toggle, heightOf, heightOfFirst }), [open, toggle, heightOf, heightOfFirst]);
}

export type RowDetailsState<Id> = ReturnType<typeof useRowDetails<Id>>;
