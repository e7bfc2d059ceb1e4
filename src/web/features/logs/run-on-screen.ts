import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import type { RunContext } from '../../commands/command-types.ts';
import { overlayStore } from '../../commands/palette-store.ts';
import type { SearchCommandTarget } from './command-target.ts';
import type { SearchCommandId } from './commands.ts';

/** Runs the search screen's own handler for the command (the one its button or control uses). */
export async function runOnSearchScreen(
  ctx: RunContext,
  id: SearchCommandId,
  args: readonly string[],
): Promise<CommandOutcome> {
  const target = ctx.target as SearchCommandTarget | null;
  const act = target?.kind === 'search' ? target.actions[id] : undefined;
  if (!act) throw new Error(ctx.labels.commands('result.notAvailable'));
  // The palette hands focus back first, so what the screen focuses (a field, a dialog) keeps it.
  overlayStore.close();
  await new Promise((resolve) => setTimeout(resolve, 0));
  act(args);
  return { summary: null };
}
