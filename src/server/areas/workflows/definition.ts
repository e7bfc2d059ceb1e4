import { createHash } from 'node:crypto';
import type { WorkflowDefinition } from '../../db/schema/index.ts';

/** The default new workflow (spec 3): scheduled, 9:00 UTC, days 0-4 (Monday to Friday), no tasks. */
export const DEFAULT_DEFINITION: WorkflowDefinition = {
  trigger_id: 'scheduled',
  trigger_filter: {},
  task_list: [],
  order_list: [],
  scheduled: true,
  scheduled_time: '09:00',
  scheduled_days: [0, 1, 2, 3, 4],
};

/** The definition fields of a create, update or template body, over a base. */
export function definitionWith(
  base: WorkflowDefinition,
  body: Partial<{
    trigger_id: string;
    trigger_filter: Record<string, unknown>;
    task_list: WorkflowDefinition['task_list'];
    order_list: string[];
    scheduled: boolean;
    scheduled_time: string;
    scheduled_days: number[];
  }>,
): WorkflowDefinition {
  const triggerId = body.trigger_id ?? base.trigger_id;
  return {
    trigger_id: triggerId,
    trigger_filter: body.trigger_filter ?? base.trigger_filter,
    task_list: body.task_list ?? base.task_list,
    order_list: body.order_list ?? (body.task_list ? [] : base.order_list),
    scheduled: body.scheduled ?? (body.trigger_id ? triggerId === 'scheduled' : base.scheduled),
    scheduled_time: body.scheduled_time ?? base.scheduled_time,
    scheduled_days: body.scheduled_days ?? base.scheduled_days,
  };
}

/** JSON with object keys sorted at every level, so equal content always hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** SHA-256 of what a version freezes: the customers and the definition (the name is not part of it). */
export function contentHash(customerIds: readonly string[], definition: WorkflowDefinition): string {
  return createHash('sha256')
    .update(canonical({ customer_ids: [...customerIds].sort(), definition }))
    .digest('hex');
}
