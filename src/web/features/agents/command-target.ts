import type { CommandTarget, SelectionTarget } from '../../commands/target.ts';

/** The selected agents of the agents list, or the agent whose page is open. */
export interface AgentsCommandTarget extends SelectionTarget<string> {
  kind: 'agents';
  /** False when the user may not ask agents for actions. */
  canChange: boolean;
}

/**
 * The agent of an open alert, as the agent commands need it: a screen of another area (the
 * alert's page) offers it as the `agent` of its target.
 */
export interface AlertAgentTarget {
  alertId: number;
  agentId: string | null;
  hostName: string | null;
  /** False when the user may not ask agents for actions. */
  canChange: boolean;
}

/** The agent of an open alert the target carries, if any. */
export function alertAgentOf(target: CommandTarget | null): AlertAgentTarget | null {
  if (!target || !('agent' in target)) return null;
  return (target.agent as AlertAgentTarget | undefined) ?? null;
}
