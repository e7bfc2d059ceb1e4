import { fromPromise } from 'xstate';
import type { definitionOf } from './draft.ts';
import type { DraftKind, LoadedWorkflow, TemplateRecord, WorkflowRecord } from './workflow-drafts.context.ts';

/** What a save sends: the whole definition and the version it was based on. */
export interface SaveDraftInput {
  kind: DraftKind;
  id: string;
  version: number;
  definition: ReturnType<typeof definitionOf>;
  customerIds: string[];
}

/** What a publish sends: the unsaved definition first (null when nothing is unsaved). */
export interface PublishDraftInput {
  id: string;
  version: number;
  save: SaveDraftInput | null;
}

/** Stand-ins the web app replaces with `.provide({ actors })`: a forgotten one fails at once. */
function provided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`workflow drafts: the "${name}" actor is provided by the web app`);
  });
}

export const workflowDraftsActors = {
  /** GET the workflow or template and GET /actions; rejects with `{ status: 404 }` when it is not visible. */
  loadWorkflow: provided<LoadedWorkflow, { kind: DraftKind; id: string }>('loadWorkflow'),
  /** PUT the workflow's draft or the template; `{ status: 409 }` when the version is stale. */
  saveDraft: provided<WorkflowRecord | TemplateRecord, SaveDraftInput>('saveDraft'),
  /** PUT what is unsaved, then POST .../publish with the version that answered. */
  publishDraft: provided<WorkflowRecord, PublishDraftInput>('publishDraft'),
};
