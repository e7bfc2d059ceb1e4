export { isConflict, isNotFound, messageOf, statusOf } from '../shared/contract-error.ts';
export type { PublishDraftInput, SaveDraftInput } from './actors.ts';
export * from './draft.ts';
export * from './selectors.ts';
export * from './workflow-drafts.context.ts';
export type { DraftFields, WorkflowDraftsEvent } from './workflow-drafts.events.ts';
export { type WorkflowDraftsMachine, workflowDraftsMachine } from './workflow-drafts.machine.ts';
