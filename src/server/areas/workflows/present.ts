import type { components } from '../../../api/schema.d.ts';
import type {
  workflowRuns,
  workflowSteps,
  workflows,
  workflowTemplates,
  workflowVersions,
} from '../../db/schema/index.ts';
import { contentHash } from './definition.ts';

type Workflow = components['schemas']['Workflow'];
type Run = components['schemas']['WorkflowRun'];
type Step = components['schemas']['WorkflowStep'];
export type WorkflowRow = typeof workflows.$inferSelect;
export type RunRow = typeof workflowRuns.$inferSelect;
export type StepRow = typeof workflowSteps.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentWorkflow(row: WorkflowRow): Workflow {
  const d = row.definition;
  return {
    workflow_id: row.id,
    name: row.name,
    customer_id: row.customerIds,
    global: row.customerIds.length === 0,
    draft: row.publishedHash === null || contentHash(row.customerIds, d) !== row.publishedHash,
    state: row.state as Workflow['state'],
    trigger_id: d.trigger_id,
    trigger_filter: d.trigger_filter,
    task_list: d.task_list,
    order_list: d.order_list.length > 0 ? d.order_list : d.task_list.map((task) => task.id),
    scheduled: d.scheduled,
    scheduled_time: d.scheduled_time,
    scheduled_days: d.scheduled_days,
    template_id: row.templateId,
    published_version: row.publishedVersion,
    content_hash: row.publishedHash,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentVersion(
  row: typeof workflowVersions.$inferSelect,
  publishedBy: string | null,
): components['schemas']['WorkflowVersion'] {
  return {
    workflow_id: row.workflowId,
    version: row.version,
    content_hash: row.contentHash,
    definition: row.definition,
    published_at: row.publishedAt.toISOString(),
    published_by: publishedBy,
  };
}

export function presentStep(row: StepRow): Step {
  return {
    index: row.stepIndex,
    task_id: row.taskId,
    action_id: row.actionId,
    status: row.status as Step['status'],
    input: row.input ?? null,
    output: row.output ?? null,
    error: row.error,
    attempts: row.attempts,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

/** A run; `workflowName` is null when its workflow was deleted or is not the caller's to see. */
export function presentRun(row: RunRow, workflowName: string | null, steps?: readonly StepRow[]): Run {
  return {
    run_id: row.id,
    workflow_id: row.workflowId,
    workflow_name: workflowName,
    version: row.version,
    customer_id: row.customerId,
    alert_id: row.alertId,
    trigger_id: row.triggerId,
    status: row.status as Run['status'],
    error: row.error,
    rerun_of: row.rerunOf,
    from_step: row.fromStep,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    ...(steps && { steps: steps.map(presentStep) }),
  };
}

export function presentTemplate(
  row: typeof workflowTemplates.$inferSelect,
): components['schemas']['WorkflowTemplate'] {
  const d = row.definition;
  return {
    template_id: row.id,
    name: row.name,
    trigger_id: d.trigger_id,
    trigger_filter: d.trigger_filter,
    task_list: d.task_list,
    order_list: d.order_list.length > 0 ? d.order_list : d.task_list.map((task) => task.id),
    scheduled: d.scheduled,
    scheduled_time: d.scheduled_time,
    scheduled_days: d.scheduled_days,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
