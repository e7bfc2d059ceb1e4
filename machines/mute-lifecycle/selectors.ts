import type { SnapshotFrom } from 'xstate';
import { type MuteDraftErrors, muteDraftErrors } from './draft.ts';
import type { MuteLifecycleMachine } from './mute-lifecycle.machine.ts';

type Snapshot = SnapshotFrom<MuteLifecycleMachine>;

/** The panel's state, as the screen names it. */
export type MutePanelState =
  | 'active'
  | 'inactive'
  | 'expired'
  | 'confirmUnmute'
  | 'unmuting'
  | 'editing'
  | 'saving'
  | 'conflict'
  | 'reloading'
  | 'closed';

const STATES: Record<string, MutePanelState> = {
  Active: 'active',
  Inactive: 'inactive',
  Expired: 'expired',
  ConfirmUnmute: 'confirmUnmute',
  Unmuting: 'unmuting',
  Editing: 'editing',
  Saving: 'saving',
  Conflict: 'conflict',
  Reloading: 'reloading',
  Closed: 'closed',
};

export const selectPanelState = (snapshot: Snapshot): MutePanelState =>
  STATES[String(snapshot.value)] ?? 'active';

export const selectMute = (snapshot: Snapshot) => snapshot.context.mute;
export const selectDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
export const selectAttempted = (snapshot: Snapshot) => snapshot.context.attempted;
export const selectIsNew = (snapshot: Snapshot) => snapshot.context.mute === null;

/** The form's errors at `now`. */
export const selectDraftErrors = (snapshot: Snapshot, now: number): MuteDraftErrors =>
  muteDraftErrors(snapshot.context.draft, snapshot.context.mute === null, now);

/** The form is open (being written or saved). */
export const selectEditing = (snapshot: Snapshot) =>
  snapshot.matches('Editing') || snapshot.matches('Saving');
