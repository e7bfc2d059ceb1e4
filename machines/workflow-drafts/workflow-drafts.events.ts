import type { LoadedWorkflow, WorkflowDraft, WorkflowRecord } from './workflow-drafts.context.ts';

/** The fields an `edit` may change directly (steps and the trigger have their own events). */
export type DraftFields = Partial<Omit<WorkflowDraft, 'steps' | 'triggerId'>>;

/** Events of the workflow-drafts machine. */
export type WorkflowDraftsEvent =
  /** The user changed some of the workflow's own fields. */
  | { type: 'edit'; changes: DraftFields }
  /** The user picked another trigger: asks first when steps it does not support would go. */
  | { type: 'change-trigger'; triggerId: string }
  /** Drop the steps the new trigger does not support and take it. */
  | { type: 'confirm-trigger' }
  /** Keep the trigger (and the steps) as they were. */
  | { type: 'keep-trigger' }
  /** Append a step taking this action. */
  | { type: 'add-step'; actionId: string }
  | { type: 'remove-step'; index: number }
  /** Move a step one place up (-1) or down (1). */
  | { type: 'move-step'; index: number; by: -1 | 1 }
  /** Change parameters (or the label) of a step. */
  | { type: 'edit-step'; index: number; name?: string; values?: Record<string, string | boolean> }
  /** Save the draft (a workflow's draft never runs). */
  | { type: 'save' }
  /** Save what is unsaved, then publish: the draft becomes the version that runs. */
  | { type: 'publish' }
  | { type: 'discard' }
  /** Load again (after a conflict or a failed load). */
  | { type: 'reload' }
  /** The workflow changed through another call of this page (paused or resumed): its answer. */
  | { type: 'record-changed'; record: WorkflowRecord }
  | { type: 'leave-requested'; to: string; replace: boolean }
  | { type: 'confirm-leave' }
  | { type: 'stay' }
  /** The page is shown again after it was left (it stays cached, hidden). */
  | { type: 'resume' };

export type { LoadedWorkflow };
