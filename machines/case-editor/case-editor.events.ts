import type { CaseDraft, CaseRecord } from './case-editor.context.ts';

/** Events of the case editor machine. */
export type CaseEditorEvent =
  /** The user changed some fields of the form. */
  | { type: 'edit'; changes: Partial<CaseDraft> }
  /** Save the changes (sent with the version they were based on). */
  | { type: 'save' }
  /** Throw the changes away. */
  | { type: 'discard' }
  /** Load the case again (after a conflict, or a failed load). */
  | { type: 'reload' }
  /** The case changed through another call (alerts assigned or unassigned); its answer. */
  | { type: 'case-changed'; record: CaseRecord }
  /** A navigation away from the case was attempted. */
  | { type: 'leave-requested'; to: string; replace: boolean }
  /** The user confirmed leaving and losing the changes. */
  | { type: 'confirm-leave' }
  /** The user chose to stay on the case. */
  | { type: 'stay' }
  /** The page is shown again after it was left (it stays cached, hidden). */
  | { type: 'resume' };
