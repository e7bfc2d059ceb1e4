import type { SnapshotFrom } from 'xstate';
import { type DraftErrors, hasErrors } from './draft.ts';
import {
  hasUnpublished,
  isDirty,
  publishErrors,
  saveErrors,
  type WorkflowDraftsMachine,
} from './workflow-drafts.machine.ts';

type Snapshot = SnapshotFrom<WorkflowDraftsMachine>;

export type WorkflowEditorView = 'loading' | 'notFound' | 'loadFailed' | 'ready';

export function selectView(snapshot: Snapshot): WorkflowEditorView {
  if (snapshot.matches('Loading')) return 'loading';
  if (snapshot.matches('NotFound')) return 'notFound';
  if (snapshot.matches('LoadFailed')) return 'loadFailed';
  return 'ready';
}

export type FormState =
  | 'pristine'
  | 'editing'
  | 'confirmtrigger'
  | 'saving'
  | 'publishing'
  | 'saved'
  | 'conflict'
  | 'failed';

/** The form region's state in lower case; null before the item is loaded. */
export function selectFormState(snapshot: Snapshot): FormState | null {
  if (!snapshot.matches('Ready')) return null;
  return (snapshot.value as { Ready: { Form: string } }).Ready.Form.toLowerCase() as FormState;
}

export const selectRecord = (snapshot: Snapshot) => snapshot.context.record;
export const selectActions = (snapshot: Snapshot) => snapshot.context.actions;
export const selectDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
export const selectPendingTrigger = (snapshot: Snapshot) => snapshot.context.pendingTrigger;

/** Unsaved changes: what the leave guard protects. */
export const selectDirty = (snapshot: Snapshot) => snapshot.matches('Ready') && isDirty(snapshot.context);

const NONE: DraftErrors = {};

/** The errors to show: none before a save or publish was refused, then those of that attempt. */
export function selectErrors(snapshot: Snapshot): DraftErrors {
  const { attempted } = snapshot.context;
  if (attempted === 'publish') return publishErrors(snapshot.context);
  if (attempted === 'save') return saveErrors(snapshot.context);
  return NONE;
}

const editable = (snapshot: Snapshot) =>
  ['pristine', 'editing', 'saved', 'failed'].includes(selectFormState(snapshot) ?? '');

export const selectCanSave = (snapshot: Snapshot) =>
  editable(snapshot) && isDirty(snapshot.context) && !hasErrors(saveErrors(snapshot.context));

/** Something to publish and nothing stopping it (a name, a step, every required value). */
export const selectCanPublish = (snapshot: Snapshot) =>
  editable(snapshot) && hasUnpublished(snapshot.context) && !hasErrors(publishErrors(snapshot.context));

export const selectHasUnpublished = (snapshot: Snapshot) => hasUnpublished(snapshot.context);

export const selectConfirmingTrigger = (snapshot: Snapshot) =>
  snapshot.matches({ Ready: { Form: 'ConfirmTrigger' } });

export const selectConfirmingLeave = (snapshot: Snapshot) =>
  snapshot.matches({ Ready: { Leave: 'ConfirmLeave' } });

export const selectLeft = (snapshot: Snapshot) => snapshot.matches({ Ready: { Leave: 'Left' } });
