import type { AgentActionType } from '../../src/common/agent-actions.ts';
import type { ContractError } from '../shared/contract-error.ts';

export type { AgentActionType };

export type AgentActionStatus =
  | 'queued'
  | 'delivered'
  | 'running'
  | 'succeeded'
  | 'failed'
  | 'expired'
  | 'cancelled';

/** What the machine reads of an action record (the contract's AgentAction has more). */
export interface TrackedAction {
  action_id: string;
  agent_id: string;
  type: AgentActionType;
  status: AgentActionStatus;
}

/** What to ask of the agent. */
export interface ActionRequest {
  type: AgentActionType;
  parameters: Record<string, unknown>;
}

/** Why a call did not work: the contract's error code and message. */
export type ActionError = ContractError;

export interface AgentActionContext {
  agentId: string;
  /** What was (or is being) asked; null when following an action someone else asked for. */
  request: ActionRequest | null;
  /** The action as last read; null until the request is answered. */
  action: TrackedAction | null;
  /** Why the last request, read or cancel failed. */
  error: ActionError | null;
}

export interface AgentActionInput {
  agentId: string;
  /** An action already asked for, to follow and perhaps cancel. */
  action?: TrackedAction | null;
}

export interface RequestInput {
  agentId: string;
  request: ActionRequest;
}

export interface CancelInput {
  actionId: string;
  /** A running action is given up on (force-cancelled); a queued or delivered one just cancelled. */
  force: boolean;
}

export interface LoadInput {
  agentId: string;
  actionId: string;
}
