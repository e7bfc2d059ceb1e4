import type { SnapshotFrom } from 'xstate';
import type { alertStatusMachine } from './alert-status.machine.ts';

type Snapshot = SnapshotFrom<typeof alertStatusMachine>;

/** Whether a change dialog is on screen (choosing, saving, or showing a conflict or failure). */
export const selectDialogOpen = (s: Snapshot) =>
  s.matches('Choosing') ||
  s.matches('Saving') ||
  s.matches('Conflict') ||
  s.matches('Reloading') ||
  s.matches('Failed');
export const selectField = (s: Snapshot) => s.context.field;
export const selectAlertState = (s: Snapshot) => s.context.alert;
export const selectError = (s: Snapshot) => s.context.error;
export const selectBusy = (s: Snapshot) => s.matches('Saving') || s.matches('Reloading');
