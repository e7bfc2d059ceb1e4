import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import type { RunContext } from '../../commands/command-types.ts';
import { overlayStore } from '../../commands/palette-store.ts';
import type { ScreenTarget } from '../../commands/target.ts';

/** Runs the integration page's own validation (the one its button runs). */
export async function runOnIntegrationScreen(
  ctx: RunContext,
  args: readonly string[],
): Promise<CommandOutcome> {
  const target = ctx.target as ScreenTarget | null;
  const act = target?.kind === 'integration' ? target.actions['integration.validate'] : undefined;
  if (!act) throw new Error(ctx.labels.commands('result.notAvailable'));
  overlayStore.close();
  await new Promise((resolve) => setTimeout(resolve, 0));
  act(args);
  return { summary: null };
}
