import type { SnapshotFrom } from 'xstate';
import type { tableMachine } from './table.machine.ts';

type Snapshot = SnapshotFrom<typeof tableMachine>;

export const selectSelected = (s: Snapshot) => s.context.selected;
export const selectAnchor = (s: Snapshot) => s.context.anchor;
/** True in "update all N matching" mode. */
export const selectAllMatching = (s: Snapshot) => s.matches('AllMatching');
