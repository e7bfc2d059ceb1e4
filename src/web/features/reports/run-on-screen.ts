import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import type { RunContext } from '../../commands/command-types.ts';
import { overlayStore } from '../../commands/palette-store.ts';
import type { ReportCommandTarget, ReportsCommandTarget } from './command-target.ts';
import type { ReportScreenCommandId } from './commands.ts';

/** Runs the builder's own handler for the command (the pane its keys and buttons use). */
export async function runOnReportScreen(ctx: RunContext, id: ReportScreenCommandId): Promise<CommandOutcome> {
  const target = ctx.target as ReportCommandTarget | null;
  const act = target?.kind === 'report' ? target.actions[id] : undefined;
  if (!act) throw new Error(ctx.labels.commands('result.notAvailable'));
  // The palette hands focus back first, so the pane or field the builder focuses keeps it.
  overlayStore.close();
  await new Promise((resolve) => setTimeout(resolve, 0));
  act([]);
  return { summary: null };
}

/** `>open-report`: opens the focused (or first selected) report's builder. */
export async function openReport(ctx: RunContext): Promise<CommandOutcome> {
  const target = ctx.target as ReportsCommandTarget | null;
  const id = target?.kind === 'reports' ? (target.focusedId ?? target.ids[0]) : undefined;
  if (!id) throw new Error(ctx.labels.commands('result.notAvailable'));
  ctx.navigate(`/reports/${id}`);
  return { summary: null };
}
