import type { CommandOutcome } from '../../../machines/command-flow/command-flow.context.ts';
import { requestAgentAction, requestAgentActions } from '../features/agents/api.ts';
import { COMMAND_ACTIONS } from '../features/agents/commands.ts';
import { reportSelection, type SelectionContext } from './selection-actions.ts';
import type { AgentsCommandTarget, AlertAgentTarget, AlertsCommandTarget } from './target.ts';

export type AgentActionContext = SelectionContext<AgentsCommandTarget>;

/**
 * `>isolate`, `>scan`, …: one action per agent in one call, which refuses the lot rather than
 * act on fewer agents than asked. Queued is all it says: the agents carry them out when they
 * next check in, and the agent's page follows each one to its end.
 */
export async function requestOnAgents(
  ctx: AgentActionContext,
  commandId: string,
  args: readonly string[],
): Promise<CommandOutcome> {
  const action = COMMAND_ACTIONS[commandId];
  if (!action) throw new Error(ctx.labels.commands('result.notAvailable'));
  try {
    const count = await requestAgentActions(action.type, action.parameters(args), {
      agentIds: ctx.target.ids,
    });
    return reportSelection(ctx, ctx.labels.commands('result.agentsQueued', { count }), []);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return reportSelection(ctx, null, [{ name: '', message }]);
  }
}

/**
 * `>isolate`, … on the open alert: one action for the alert's agent, linked to the alert so that
 * its activity shows the action going from queued to done.
 */
export async function requestOnAlertAgent(
  ctx: SelectionContext<AlertsCommandTarget>,
  agent: AlertAgentTarget,
  commandId: string,
  args: readonly string[],
): Promise<CommandOutcome> {
  const action = COMMAND_ACTIONS[commandId];
  if (!action || !agent.agentId) throw new Error(ctx.labels.commands('result.notAvailable'));
  try {
    await requestAgentAction(
      agent.agentId,
      { type: action.type, parameters: action.parameters(args) },
      agent.alertId,
    );
    return reportSelection(
      ctx,
      ctx.labels.commands('result.alertAgentQueued', { host: agent.hostName ?? '' }),
      [],
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return reportSelection(ctx, null, [{ name: '', message }]);
  }
}
