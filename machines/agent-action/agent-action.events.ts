import type { ActionRequest, TrackedAction } from './agent-action.context.ts';

/** Events of the agent-action machine. */
export type AgentActionEvent =
  /** The person asked for the action (after confirming, when the type asks first). */
  | { type: 'request'; request: ActionRequest }
  /** Time to read the action again (the page's poll interval or its refresh). */
  | { type: 'poll' }
  /** The person wants to cancel (force-cancel a running action): asks first. */
  | { type: 'cancel' }
  | { type: 'confirm' }
  | { type: 'dismiss' }
  /** Tries a failed request again. */
  | { type: 'retry' }
  /** The page read the agent's actions and this one with them. */
  | { type: 'action-loaded'; action: TrackedAction };
