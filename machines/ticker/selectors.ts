import type { SnapshotFrom } from 'xstate';
import type { intervalMachine } from './interval.machine.ts';
import type { tickerMachine } from './ticker.machine.ts';

/** Whether the console's timers run (a user is present). */
export const selectTickerRunning = (snapshot: SnapshotFrom<typeof tickerMachine>) =>
  snapshot.matches('Running');

/** Whether a `<Ticker>` fires. */
export const selectIntervalEnabled = (snapshot: SnapshotFrom<typeof intervalMachine>) =>
  snapshot.matches('Enabled');
