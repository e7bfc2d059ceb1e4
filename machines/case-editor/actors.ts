import { fromPromise } from 'xstate';
import type { CaseRecord } from './case-editor.context.ts';
import type { CaseChanges } from './draft.ts';

/** What a save sends: the changed fields and the version they were based on. */
export interface SaveCaseInput {
  id: number;
  version: number;
  changes: CaseChanges;
}

/**
 * Stand-ins the web app replaces with `.provide({ actors })`: they fail, so a forgotten
 * implementation shows at once instead of doing nothing.
 */
function provided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`case editor: the "${name}" actor is provided by the web app`);
  });
}

export const caseEditorActors = {
  /** GET /api/cases/v1/cases/{id}; rejects with `{ status: 404 }` when the case is not visible. */
  loadCase: provided<CaseRecord, { id: number }>('loadCase'),
  /** PUT /api/cases/v1/cases/{id}; rejects with `{ status: 409 }` when the version is stale. */
  saveCase: provided<CaseRecord, SaveCaseInput>('saveCase'),
};
