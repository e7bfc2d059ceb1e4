import type { SnapshotFrom } from 'xstate';
import type { agentActionMachine } from './agent-action.machine.ts';

type Snapshot = SnapshotFrom<typeof agentActionMachine>;

/** The action is waiting on the agent: the page keeps reading it. */
export const selectPending = (s: Snapshot) =>
  s.matches('Queued') || s.matches('Delivered') || s.matches('Running');

/** A running action can only be force-cancelled; the question says so. */
export const selectForceCancel = (s: Snapshot) => s.context.action?.status === 'running';

export const selectConfirmOpen = (s: Snapshot) => s.matches('ConfirmingCancel');

export const selectBusy = (s: Snapshot) =>
  s.matches('Requesting') || s.matches('Cancelling') || s.matches('Polling');
