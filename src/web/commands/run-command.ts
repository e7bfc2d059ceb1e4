import type { CommandChoice, CommandOutcome } from '../../../machines/command-flow/command-flow.context.ts';
import type { components } from '../../api/schema.d.ts';
import type { Priority, Status } from '../../common/statuses.ts';
import type { NotifyOptions } from '../shell/index.ts';
import { requestOnAgents, requestOnAlertAgent } from './agent-actions.ts';
import {
  type AlertActionContext,
  addToCase,
  assignMe,
  commentOn,
  createCase,
  exportAlerts,
  markFalsePositive,
  muteAlerts,
  setPriority,
  setStatus,
} from './alert-actions.ts';
import type { MuteDuration } from './arguments.ts';
import { assignCasesToMe, setCaseStatus } from './case-actions.ts';
import { unmuteMutes } from './mute-actions.ts';
import { overlayStore } from './palette-store.ts';
import { rememberCommand } from './recent.ts';
import { findCommand, type Labels } from './registry.ts';
import type { CommandTarget, SearchCommandId } from './target.ts';

type CaseStatus = components['schemas']['CaseStatus'];

/** What running a command needs from the page. */
export interface RunContext {
  target: CommandTarget | null;
  labels: Labels;
  navigate(path: string): void;
  notify(options: NotifyOptions): void;
  email: string | null;
}

function runAlertAction(
  id: string,
  args: readonly string[],
  ctx: AlertActionContext,
): Promise<CommandOutcome> {
  switch (id) {
    case 'alerts.status':
      return setStatus(ctx, args[0] as Status);
    case 'alerts.false-positive':
      return markFalsePositive(ctx);
    case 'alerts.priority':
      return setPriority(ctx, args[0] as Priority);
    case 'alerts.assign':
      return assignMe(ctx);
    case 'alerts.case':
      return args[0] === 'add' ? addToCase(ctx, Number(args[1])) : createCase(ctx);
    case 'alerts.mute':
      return muteAlerts(ctx, args[0] as MuteDuration);
    case 'alerts.comment':
      return commentOn(ctx, args[0] ?? '');
    case 'alerts.export':
      return exportAlerts(ctx);
    default:
      throw new Error(ctx.labels.commands('result.notAvailable'));
  }
}

/**
 * The command flow's `run` actor: navigates, or runs an action on the current selection (the
 * action shows its own toast and refreshes the screen). Remembered as recent once it ran.
 */
export async function runCommand(choice: CommandChoice, ctx: RunContext): Promise<CommandOutcome> {
  const command = findCommand(choice.id);
  const notAvailable = () => new Error(ctx.labels.commands('result.notAvailable'));
  if (!command) throw notAvailable();
  if (command.kind === 'navigate') {
    rememberCommand({ id: command.id, args: [] });
    overlayStore.closeForNavigation();
    ctx.navigate(command.path);
    return { summary: null };
  }
  if (command.kind !== 'action') throw notAvailable();
  const { target, labels, notify, email } = ctx;
  if (command.target === 'agents' && target?.kind === 'alerts' && target.agent) {
    const agent = target.agent;
    if (!agent.agentId || !agent.canChange) throw notAvailable();
    rememberCommand({ id: command.id, args: choice.args });
    return requestOnAlertAgent({ target, labels, notify, email }, agent, command.id, choice.args);
  }
  if (command.target === 'search') {
    const act = target?.kind === 'search' ? target.actions[command.id as SearchCommandId] : undefined;
    if (!act) throw notAvailable();
    rememberCommand({ id: command.id, args: choice.args });
    // The palette hands focus back first, so what the screen focuses (a field, a dialog) keeps it.
    overlayStore.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    act(choice.args);
    return { summary: null };
  }
  if (!target || target.kind !== command.target || target.ids.length === 0) throw notAvailable();
  if ('canChange' in target && !target.canChange) throw notAvailable();
  rememberCommand({ id: command.id, args: choice.args });
  switch (target.kind) {
    case 'alerts':
      return runAlertAction(command.id, choice.args, { target, labels, notify, email });
    case 'cases':
      if (command.id === 'cases.status')
        return setCaseStatus({ target, labels, notify, email }, choice.args[0] as CaseStatus);
      if (command.id === 'cases.assign') return assignCasesToMe({ target, labels, notify, email });
      throw notAvailable();
    case 'mutes':
      if (command.id === 'mutes.unmute') return unmuteMutes({ target, labels, notify, email });
      throw notAvailable();
    case 'agents':
      return requestOnAgents({ target, labels, notify, email }, command.id, choice.args);
    default:
      throw notAvailable();
  }
}
