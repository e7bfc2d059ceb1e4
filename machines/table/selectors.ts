import type { SnapshotFrom } from 'xstate';
import type { tableMachine } from './table.machine.ts';

type Snapshot = SnapshotFrom<typeof tableMachine>;

export const selectSort = (s: Snapshot) => s.context.sort;
export const selectPage = (s: Snapshot) => s.context.page;
export const selectPageSize = (s: Snapshot) => s.context.pageSize;
export const selectSelected = (s: Snapshot) => s.context.selected;
export const selectAnchor = (s: Snapshot) => s.context.anchor;
/** True in "update all N matching" mode. */
export const selectAllMatching = (s: Snapshot) => s.matches('AllMatching');

/** The [start, end) slice of the filtered rows the current page shows. */
export function selectPageSlice(s: Snapshot): [number, number] {
  const { page, pageSize, rowCount } = s.context;
  const start = (page - 1) * pageSize;
  return [start, Math.min(rowCount, start + pageSize)];
}
