import type { ActionRequest } from '../../../../machines/agent-action/agent-action.context.ts';
import type { FieldIssue } from '../../../api/validate.ts';
import { type AgentActionType, actionTakesPath } from '../../../common/agent-actions.ts';

/** What the person fills in to ask the agent for an action. */
export interface ActionDraft {
  type: AgentActionType;
  /** Isolation length in seconds, as typed. */
  length: string;
  path: string;
  force: boolean;
}

/** How long an isolation may last, in seconds (the isolate action's catalogue entry). */
const LENGTH = { min: 60, max: 2_592_000 };

/**
 * The draft's issues by field. The contract types an action's `parameters` as a free object, so
 * its rules cannot say these: the isolation length's range and the path a file action needs.
 */
export function actionDraftIssues(draft: ActionDraft): Partial<Record<'length' | 'path', FieldIssue>> {
  if (draft.type === 'isolate') {
    const text = draft.length.trim();
    const length = Number(text);
    if (text === '') return { length: { key: 'required' } };
    if (!Number.isFinite(length)) return { length: { key: 'notNumber' } };
    if (!Number.isInteger(length)) return { length: { key: 'notWholeNumber' } };
    if (length < LENGTH.min) return { length: { key: 'tooSmall', limit: LENGTH.min } };
    if (length > LENGTH.max) return { length: { key: 'tooLarge', limit: LENGTH.max } };
  }
  if (actionTakesPath(draft.type) && draft.path.trim() === '') return { path: { key: 'required' } };
  return {};
}

/** The request the draft asks for. */
export function actionRequestOf(draft: ActionDraft): ActionRequest {
  return {
    type: draft.type,
    parameters:
      draft.type === 'isolate'
        ? { length: Number(draft.length) }
        : actionTakesPath(draft.type)
          ? { path: draft.path.trim(), force: draft.force }
          : {},
  };
}
