import type { SnapshotFrom } from 'xstate';
import { type commandFlowMachine, TAGS } from './command-flow.machine.ts';

type Snapshot = SnapshotFrom<typeof commandFlowMachine>;

export const selectBusy = (snapshot: Snapshot) => snapshot.hasTag(TAGS.busy);
export const selectConfirming = (snapshot: Snapshot) =>
  snapshot.matches('Confirming') ? snapshot.context.choice : null;
export const selectArguing = (snapshot: Snapshot) =>
  snapshot.matches('Arguing') ? snapshot.context.choice : null;
export const selectFailure = (snapshot: Snapshot) =>
  snapshot.matches('Failed') ? snapshot.context.error : null;
export const selectDone = (snapshot: Snapshot) => snapshot.matches('Done');
