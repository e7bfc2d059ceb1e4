import type { SnapshotFrom } from 'xstate';
import type { CaseEditorMachine } from './case-editor.machine.ts';
import { type DraftErrors, draftErrors, isValidDraft, sameDraft } from './draft.ts';

type Snapshot = SnapshotFrom<CaseEditorMachine>;

/** What the detail screen shows as a whole. */
export type CaseEditorView = 'loading' | 'notFound' | 'loadFailed' | 'ready';

/** Loading, not found, failed to load, or ready to show the case. */
export function selectView(snapshot: Snapshot): CaseEditorView {
  if (snapshot.matches('Loading')) return 'loading';
  if (snapshot.matches('NotFound')) return 'notFound';
  if (snapshot.matches('LoadFailed')) return 'loadFailed';
  return 'ready';
}

/** The form's state: pristine, editing, saving, saved, conflict or failed. */
export type FormState = 'pristine' | 'editing' | 'saving' | 'saved' | 'conflict' | 'failed';

/** The form region's state in lower case; null before the case is loaded. */
export function selectFormState(snapshot: Snapshot): FormState | null {
  const form = snapshot.matches('Ready') ? (snapshot.value as { Ready: { Form: string } }).Ready.Form : null;
  return form ? (form.toLowerCase() as FormState) : null;
}

export const selectRecord = (snapshot: Snapshot) => snapshot.context.record;
export const selectDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;

/** Unsaved changes: what the navigation guard protects. */
export const selectDirty = (snapshot: Snapshot) =>
  snapshot.matches('Ready') && !sameDraft(snapshot.context.draft, snapshot.context.base);

export const selectErrors = (snapshot: Snapshot): DraftErrors => draftErrors(snapshot.context.draft);

export const selectCanSave = (snapshot: Snapshot) =>
  selectDirty(snapshot) &&
  isValidDraft(snapshot.context.draft) &&
  (snapshot.matches({ Ready: { Form: 'Editing' } }) || snapshot.matches({ Ready: { Form: 'Failed' } }));

/** The leave question is on screen. */
export const selectConfirmingLeave = (snapshot: Snapshot) =>
  snapshot.matches({ Ready: { Leave: 'ConfirmLeave' } });

export const selectLeft = (snapshot: Snapshot) => snapshot.matches({ Ready: { Leave: 'Left' } });
