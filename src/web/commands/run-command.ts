import type { CommandChoice, CommandOutcome } from '../../../machines/command-flow/command-flow.context.ts';
import { actionAvailability } from './availability.ts';
import type { RunContext } from './command-types.ts';
import { overlayStore } from './palette-store.ts';
import { rememberCommand } from './recent.ts';
import { findCommand } from './registry.ts';

export type { RunContext } from './command-types.ts';

/**
 * The command flow's `run` actor: navigates, or runs an action on the current target through the
 * command's own `run` (which shows its own toast and refreshes the screen). Remembered as recent
 * once it ran.
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
  if (command.kind !== 'action' || actionAvailability(command, ctx.target) !== 'available')
    throw notAvailable();
  rememberCommand({ id: command.id, args: choice.args });
  return command.run(ctx, choice.args);
}
