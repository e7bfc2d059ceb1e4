import { eq } from 'drizzle-orm';
import type { WorkflowDefinition } from '../../db/schema/index.ts';
import { escalationPlans, integrations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import { DEFENDER_KIND, kindOf } from '../integrations/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fixed id a task names (a template reference is checked when the step runs). */
function namedId(value: unknown, field: string, what: string): string | null {
  if (typeof value !== 'string' || value === '' || value.includes('{{')) return null;
  if (!UUID.test(value)) throw badRequest(field, `is not ${what} id`);
  return value;
}

/**
 * Checks what a definition's tasks name in other areas, in the caller's transaction (so only
 * what they may see is found): an escalation plan for every customer or for the workflow's one
 * customer, an integration that sends messages, a Defender XDR integration for device isolation. Throws a 400 naming the field.
 */
export async function checkReferences(
  tx: Db,
  definition: WorkflowDefinition,
  customerIds: readonly string[],
): Promise<void> {
  for (const [i, task] of definition.task_list.entries()) {
    const at = `body.task_list[${i}].parameters`;
    if (task.action_id === 'escalate') {
      const planId = namedId(task.parameters.plan_id, `${at}.plan_id`, 'an escalation plan');
      if (planId === null) continue;
      const [plan] = await tx
        .select({ customerId: escalationPlans.customerId })
        .from(escalationPlans)
        .where(eq(escalationPlans.id, planId));
      if (!plan) throw badRequest(`${at}.plan_id`, `escalation plan ${planId} was not found`);
      if (plan.customerId !== null && (customerIds.length !== 1 || customerIds[0] !== plan.customerId))
        throw badRequest(
          `${at}.plan_id`,
          "the plan is one customer's: the workflow must be for that customer alone, or use a plan for every customer",
        );
    }
    if (task.action_id === 'call_integration') {
      const id = namedId(task.parameters.integration_id, `${at}.integration_id`, 'an integration');
      if (id === null) continue;
      const [found] = await tx
        .select({ kind: integrations.kind })
        .from(integrations)
        .where(eq(integrations.id, id));
      if (!found) throw badRequest(`${at}.integration_id`, `integration ${id} was not found`);
      if (!kindOf(found.kind)?.request)
        throw badRequest(`${at}.integration_id`, `a ${found.kind} integration does not send messages`);
    }
    if (task.action_id === 'defender_isolate_device' || task.action_id === 'defender_unisolate_device') {
      const id = namedId(task.parameters.integration_id, `${at}.integration_id`, 'an integration');
      if (id === null) continue;
      const [found] = await tx
        .select({ kind: integrations.kind })
        .from(integrations)
        .where(eq(integrations.id, id));
      if (!found) throw badRequest(`${at}.integration_id`, `integration ${id} was not found`);
      if (found.kind !== DEFENDER_KIND)
        throw badRequest(`${at}.integration_id`, `a ${found.kind} integration does not act on devices`);
    }
  }
}
