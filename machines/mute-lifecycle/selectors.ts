import type { SnapshotFrom } from 'xstate';
import { type MuteDraftErrors, muteDraftErrors, sameMuteDraft } from './draft.ts';
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
  | 'confirmLeave'
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
  ConfirmLeave: 'confirmLeave',
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

/** The form is open (being written, asked about leaving, or saved). */
export const selectEditing = (snapshot: Snapshot) =>
  snapshot.matches('Editing') || snapshot.matches('ConfirmLeave') || snapshot.matches('Saving');

/**
 * Unsaved changes: what the navigation guard protects. A save under way is not counted: the
 * changes are on their way to the server, and its answer closes the form.
 */
export const selectDirty = (snapshot: Snapshot) =>
  (snapshot.matches('Editing') || snapshot.matches('ConfirmLeave')) &&
  !sameMuteDraft(snapshot.context.draft, snapshot.context.base);

/** The leave question is on screen. */
export const selectConfirmingLeave = (snapshot: Snapshot) => snapshot.matches('ConfirmLeave');
