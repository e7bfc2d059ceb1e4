import { and, eq } from 'drizzle-orm';
import type { WorkflowDefinition } from '../../../db/schema/index.ts';
import { alerts, customers } from '../../../db/schema/index.ts';
import { inIds } from '../../../db/sql-helpers.ts';
import { badRequest, notFound } from '../../../errors.ts';
import type { Handler, ResultOf } from '../../../platform/handler.ts';
import { rejectNulCharacters } from '../../../platform/input.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { actionOf } from '../catalogue/actions.ts';
import { isAlertTrigger } from '../catalogue/triggers.ts';
import { DEFAULT_DEFINITION, definitionWith } from '../definition.ts';
import { preview } from '../engine/act.ts';
import { nextIndex } from '../engine/branches.ts';
import { alertTriggerData, passesFilter } from '../engine/trigger-data.ts';
import { resolveParameters } from '../expressions.ts';
import { loadWorkflow } from '../queries.ts';
import { checkDefinition, orderedTasks } from '../validate.ts';

type TestStep = ResultOf<'testWorkflow'>['steps'][number];

/**
 * A test run against a real past alert: every step resolved and evaluated as a run would, in a
 * read-only look at the data; nothing is changed, queued or sent.
 */
export const testWorkflow: Handler<'testWorkflow'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  if ((body.workflow_id === undefined) === (body.definition === undefined))
    throw badRequest('body', 'give either workflow_id or definition');
  return asCaller(request, async (tx) => {
    let definition: WorkflowDefinition;
    let customerIds: string[] = [];
    if (body.workflow_id) {
      const workflow = await loadWorkflow(tx, principal, body.workflow_id);
      definition = workflow.definition;
      customerIds = workflow.customerIds;
    } else {
      definition = definitionWith(DEFAULT_DEFINITION, body.definition!);
      checkDefinition(definition, { publish: false });
    }
    const [found] = await tx
      .select({ alert: alerts, customerName: customers.name })
      .from(alerts)
      .innerJoin(customers, eq(customers.customerId, alerts.customerId))
      .where(and(eq(alerts.id, body.alert_id), inIds(alerts.customerId, principal.scope.customerIds)));
    if (!found) throw notFound(`Alert ${body.alert_id}`);
    const { alert } = found;
    if (customerIds.length > 0 && !customerIds.includes(alert.customerId))
      throw badRequest('body.alert_id', 'is an alert of a customer the workflow is not for');
    const trigger = alertTriggerData(alert, { id: alert.customerId, name: found.customerName });
    const outputs: Record<string, unknown> = {};
    const steps: TestStep[] = [];
    const tasks = orderedTasks(definition);
    // The step the run would reach next: a branch may jump over some, a stop ends it.
    let reach: number | null = 0;
    let ended = '';
    tasks.forEach((task, index) => {
      const action = actionOf(task.action_id);
      const input = resolveParameters(task.parameters, { trigger, steps: outputs });
      const base = {
        index,
        task_id: task.id,
        action_id: task.action_id,
        side_effect: action?.side_effect ?? false,
        input,
      };
      if (reach === null || index < reach) {
        steps.push({
          ...base,
          would: reach === null ? `Not reached: ${ended}` : 'Not reached: a branch goes past it.',
          output: null,
          error: null,
        });
        return;
      }
      try {
        const result = preview(task.action_id, input, alert.id, alert.agentId !== null);
        outputs[task.id] = result.output;
        reach = nextIndex(tasks, index, result);
        ended = result.passed === false ? 'an earlier test is false.' : 'an earlier step ends the run.';
        steps.push({ ...base, would: result.would, output: result.output, error: null });
      } catch (error) {
        reach = null;
        ended = 'an earlier step fails.';
        steps.push({
          ...base,
          would: 'The step would fail and the run end here.',
          output: null,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    });
    return {
      trigger_matches:
        isAlertTrigger(definition.trigger_id) && passesFilter(definition.trigger_filter, alert),
      steps,
    };
  });
};
