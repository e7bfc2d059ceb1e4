import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import type { RunContext } from '../../commands/command-types.ts';
import { reportSelection, type SelectionContext } from '../../commands/selection-actions.ts';
import { requestAgentAction, requestAgentActions } from './api.ts';
import { type AgentsCommandTarget, type AlertAgentTarget, alertAgentOf } from './command-target.ts';
import { COMMAND_ACTIONS } from './commands.ts';

export type AgentActionContext = SelectionContext<AgentsCommandTarget>;

/**
 * `>isolate`, `>scan`, …: on the open alert, the alert's agent; otherwise the selected agents
 * (or the open agent).
 */
export function requestAgentCommand(
  ctx: RunContext,
  commandId: string,
  args: readonly string[],
): Promise<CommandOutcome> {
  const { target, labels, notify, email } = ctx;
  const agent = alertAgentOf(target);
  if (agent && target && 'refresh' in target)
    return requestOnAlertAgent({ target, labels, notify, email }, agent, commandId, args);
  return requestOnAgents({ target: target as AgentsCommandTarget, labels, notify, email }, commandId, args);
}

/**
 * One action per agent in one call, which refuses the lot rather than act on fewer agents than
 * asked. Queued is all it says: the agents carry them out when they next check in, and the
 * agent's page follows each one to its end.
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
  ctx: SelectionContext<{ refresh(): void }>,
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
