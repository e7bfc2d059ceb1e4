import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import { rerunAlertWorkflows } from '../../api/alerts.ts';
import type { RunContext } from '../../commands/command-types.ts';
import { overlayStore } from '../../commands/palette-store.ts';
import { eachItem, onTarget, reportSelection } from '../../commands/selection-actions.ts';
import { isSelection } from '../../commands/target.ts';
import type { AlertsCommandTarget } from '../alerts/index.ts';
import { createWorkflow } from './api.ts';
import type { WorkflowCommandTarget } from './command-target.ts';

/** `>new-workflow`: the default new workflow (a draft for every customer), opened in the editor. */
export async function newWorkflow(ctx: RunContext): Promise<CommandOutcome> {
  const workflow = await createWorkflow(null);
  ctx.navigate(`/workflows/${workflow.workflow_id}`);
  return { summary: null };
}

/** `>open-workflow`: the focused (or first selected) workflow of the list, in the editor. */
export async function openWorkflow(ctx: RunContext): Promise<CommandOutcome> {
  const target = ctx.target;
  const id = isSelection(target) ? (target.focusedId ?? target.ids[0]) : null;
  if (id === null || id === undefined) throw new Error(ctx.labels.commands('result.notAvailable'));
  ctx.navigate(`/workflows/${id}`);
  return { summary: null };
}

/** `>workflow run|pause|test`: what the editor's own buttons do (publish or resume, pause, test panel). */
export async function actOnWorkflow(ctx: RunContext, args: readonly string[]): Promise<CommandOutcome> {
  const target = ctx.target as WorkflowCommandTarget | null;
  const act = target?.kind === 'workflow' ? target.actions['workflow.act'] : undefined;
  if (!act) throw new Error(ctx.labels.commands('result.notAvailable'));
  // The palette hands focus back first, so what the editor focuses keeps it.
  overlayStore.close();
  await new Promise((resolve) => setTimeout(resolve, 0));
  act(args);
  return { summary: null };
}

/**
 * `>rerun-workflows`: each selected alert's workflows run again (those that ran on it, and the
 * "alert created" ones that match it now); failures are reported by alert.
 */
export async function rerunAlertsWorkflows(run: RunContext): Promise<CommandOutcome> {
  const ctx = onTarget<AlertsCommandTarget>(run);
  const { results, failed } = await eachItem(
    [...ctx.target.ids].sort((a, b) => a - b),
    (id) => `#${id}`,
    (id) => rerunAlertWorkflows(id),
  );
  const done = results.length ? ctx.labels.commands('result.rerunQueued', { count: results.length }) : null;
  return reportSelection(ctx, done, failed);
}
