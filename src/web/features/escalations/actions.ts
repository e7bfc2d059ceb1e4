import type { CommandOutcome } from '../../../../machines/command-flow/command-flow.context.ts';
import { getAlert } from '../../api/alerts.ts';
import type { RunContext } from '../../commands/command-types.ts';
import { eachItem, onTarget, reportSelection } from '../../commands/selection-actions.ts';
import type { AlertsCommandTarget } from '../alerts/index.ts';
import { type EscalationPlan, plansForCustomer, startEscalation } from './api.ts';

/** The customer's plan (or one for every customer) with this name; the customer's own first. */
function planNamed(plans: readonly EscalationPlan[], name: string): EscalationPlan | undefined {
  const wanted = name.trim().toLocaleLowerCase();
  const named = plans.filter((p) => p.name.trim().toLocaleLowerCase() === wanted);
  return named.find((p) => p.customer_id !== null) ?? named[0];
}

/** `>escalate <plan>`: each alert escalated through the plan of that name of its customer. */
export async function escalateAlerts(run: RunContext, name: string): Promise<CommandOutcome> {
  const ctx = onTarget<AlertsCommandTarget>(run);
  const { commands: t } = ctx.labels;
  const { results, failed } = await eachItem(
    [...ctx.target.ids].sort((a, b) => a - b),
    (id) => `#${id}`,
    async (id) => {
      const alert = await getAlert(id);
      const plan = planNamed(await plansForCustomer(alert.customer_id), name);
      if (!plan) throw new Error(t('result.noPlan', { plan: name }));
      return startEscalation(id, plan.plan_id);
    },
  );
  const done = results.length ? t('result.escalated', { count: results.length, plan: name }) : null;
  return reportSelection(ctx, done, failed);
}
