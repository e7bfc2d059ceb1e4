import type { SnapshotFrom } from 'xstate';
import type { breachLookupMachine } from './breach-lookup.machine.ts';

type Snapshot = SnapshotFrom<typeof breachLookupMachine>;

/** The server is still working: the screen keeps reading every 10 s. */
export const selectPolling = (s: Snapshot) => s.matches('InProgress') || s.matches('Polling');
export const selectBusy = (s: Snapshot) => s.matches('Loading') || s.matches('Polling');
export const selectCanRetry = (s: Snapshot) => s.matches('Failed') || s.matches('Error');
