import { useEffect } from 'react';
import type { AlertSummary } from '../types.ts';
import type { ColumnKey } from './columns.ts';
import { prepareSort } from './sort-rows.ts';

/** Idle time needed to rank one column of 100 000 rows without holding up a keystroke much. */
const MIN_IDLE_MS = 30;

/**
 * Ranks the shown columns for sorting while the page is idle, once the rows have loaded, so the
 * first click on a header only has to order the rows (DESIGN section 10: a sort repaints within
 * 50 ms). Without requestIdleCallback (Safari) columns are ranked on their first sort instead.
 */
export function useSortWarmup(
  rows: readonly AlertSummary[],
  columns: readonly ColumnKey[],
  customerName: (id: string) => string,
  loaded: boolean,
) {
  useEffect(() => {
    if (!loaded || rows.length === 0 || typeof requestIdleCallback !== 'function') return;
    const pending = [...columns];
    let handle = 0;
    const work = (deadline: IdleDeadline) => {
      while (pending.length > 0 && deadline.timeRemaining() >= MIN_IDLE_MS) {
        prepareSort(rows, pending.shift()!, customerName);
      }
      if (pending.length > 0) handle = requestIdleCallback(work);
    };
    handle = requestIdleCallback(work);
    return () => cancelIdleCallback(handle);
  }, [rows, columns, customerName, loaded]);
}
