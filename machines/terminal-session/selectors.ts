import type { SnapshotFrom } from 'xstate';
import type { terminalSessionMachine } from './terminal-session.machine.ts';

type Snapshot = SnapshotFrom<typeof terminalSessionMachine>;

/** The session's socket is open: the agent joining, or the shell live. */
export const selectOpen = (s: Snapshot) => s.matches('Open');
/** Where the session stands, as the screen words it. */
export const selectPhase = (s: Snapshot) =>
  s.matches({ Open: 'Live' })
    ? 'live'
    : s.matches({ Open: 'Connecting' })
      ? 'connecting'
      : s.matches('Refused')
        ? 'refused'
        : s.matches('Ended')
          ? 'ended'
          : 'starting';
