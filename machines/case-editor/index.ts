export { isConflict, isNotFound, messageOf, statusOf } from '../shared/contract-error.ts';
export type { SaveCaseInput } from './actors.ts';
export type {
  CaseDraft,
  CaseEditorContext,
  CaseEditorInput,
  CaseRecord,
  LeaveTarget,
} from './case-editor.context.ts';
export type { CaseEditorEvent } from './case-editor.events.ts';
export { type CaseEditorMachine, caseEditorMachine } from './case-editor.machine.ts';
export * from './draft.ts';
export * from './selectors.ts';
