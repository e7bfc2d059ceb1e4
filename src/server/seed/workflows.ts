import type { WorkflowDefinition, WorkflowTask } from '../db/schema/index.ts';
import { workflows, workflowTemplates } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

const task = (id: string, action_id: string, parameters: WorkflowTask['parameters']): WorkflowTask => ({
  id,
  action_id,
  parameters,
  timeout_seconds: 60,
  retries: 3,
});

const onAlert = (filter: Record<string, unknown>, tasks: WorkflowTask[]): WorkflowDefinition => ({
  trigger_id: 'alert_created',
  trigger_filter: filter,
  task_list: tasks,
  order_list: tasks.map((t) => t.id),
  scheduled: false,
  scheduled_time: '09:00',
  scheduled_days: [0, 1, 2, 3, 4],
});

/**
 * The template library every provider starts with: the responses analysts repeat for every
 * customer. Each is checked against the catalogue by the workflow tests.
 */
export const DEMO_TEMPLATES: { name: string; definition: WorkflowDefinition }[] = [
  {
    name: 'Isolate on critical malware',
    definition: onAlert({ types: ['malware'], priorities: ['critical'] }, [
      task('note', 'alert_comment', {
        message: 'Isolating {{trigger.alert.host_name}} of {{trigger.customer.name}} for an hour.',
        private: true,
      }),
      task('isolate', 'agent_action', { action: 'isolate', duration: 3600 }),
      task('escalate', 'alert_status', { status: 'escalated' }),
    ]),
  },
  {
    name: 'Notify the customer on new high alerts',
    definition: onAlert({ priorities: ['high', 'critical'] }, [
      task('mail', 'send_email', {
        emails: ['security@customer.example'],
        subject: '{{trigger.alert.priority}} alert: {{trigger.alert.title}}',
        message:
          'A new {{trigger.alert.priority}} alert was raised for {{trigger.customer.name}} on {{trigger.alert.host_name}}: {{trigger.alert.title}} (alert {{trigger.alert.id}}).',
      }),
    ]),
  },
  {
    name: 'Escalate unacknowledged critical alerts',
    definition: onAlert({ priorities: ['critical'] }, [
      task('wait', 'wait', { minutes: 30 }),
      task('still-new', 'condition', {
        value: '{{trigger.alert.status}}',
        operator: 'equals',
        compare_to: 'new',
      }),
      task('escalate', 'alert_status', { status: 'escalated' }),
      task('note', 'alert_comment', {
        message: 'Escalated: nobody acknowledged this critical alert within 30 minutes.',
        private: true,
      }),
    ]),
  },
  {
    name: 'Weekly alert digest',
    definition: {
      trigger_id: 'scheduled',
      trigger_filter: {},
      task_list: [
        task('mail', 'send_email', {
          emails: ['soc@provider.example'],
          subject: 'Weekly digest for {{trigger.customer.name}}',
          message: 'The weekly review of {{trigger.customer.name}} is due ({{trigger.scheduled_at}}).',
        }),
      ],
      order_list: ['mail'],
      scheduled: true,
      scheduled_time: '09:00',
      scheduled_days: [0],
    },
  },
];

/**
 * The template library of the demo provider, and one workflow an analyst started from the
 * customer notice template and has not published yet (a draft runs nothing).
 */
export async function seedWorkflowTemplates(db: Db, partnerId: string, ownerId: string): Promise<number> {
  const templates = await db
    .insert(workflowTemplates)
    .values(DEMO_TEMPLATES.map((t) => ({ partnerId, ...t })))
    .returning({ id: workflowTemplates.id });
  // Named apart from its template, so a workflow made from the same template is told from it.
  const notify = DEMO_TEMPLATES[1]!;
  await db.insert(workflows).values({
    partnerId,
    name: 'Tell customers about high alerts',
    definition: notify.definition,
    state: 'draft',
    templateId: templates[1]!.id,
    ownerId,
  });
  return DEMO_TEMPLATES.length;
}
