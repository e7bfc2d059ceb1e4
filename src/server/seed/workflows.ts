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

const onEvent = (trigger_id: string, tasks: WorkflowTask[]): WorkflowDefinition => ({
  ...onAlert({}, tasks),
  trigger_id,
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
    name: 'Reduced log volume',
    definition: onEvent('reduced_log_volume', [
      task('case', 'case_create', {
        title: 'Log volume of {{trigger.customer.name}} fell {{trigger.volume.drop_percent}}%',
        description:
          '{{trigger.volume.current_count}} events in the 30 minutes to {{trigger.volume.window_end}}, against {{trigger.volume.previous_count}} in the 30 minutes before: check the log sources.',
        tags: ['log-volume'],
      }),
      task('mail', 'send_email', {
        emails: ['soc@provider.example'],
        subject: 'Log volume of {{trigger.customer.name}} fell {{trigger.volume.drop_percent}}%',
        message:
          'Case {{steps.case.case_id}}: {{trigger.volume.current_count}} events in the last 30 minutes against {{trigger.volume.previous_count}} before.',
      }),
    ]),
  },
  {
    name: 'Triple lockout',
    definition: onEvent('triple_lockout', [
      task('case', 'case_create', {
        title: '{{trigger.lockout.account}} locked out {{trigger.lockout.count}} times in 24 hours',
        description:
          'Locked out on {{trigger.lockout.host}} between {{trigger.lockout.first_at}} and {{trigger.lockout.last_at}}: a password guess, or a device with an old password.',
        tags: ['lockout'],
      }),
      task('mail', 'send_email', {
        emails: ['security@customer.example'],
        subject: 'Account {{trigger.lockout.account}} locked out three times',
        message:
          '{{trigger.lockout.account}} of {{trigger.customer.name}} was locked out {{trigger.lockout.count}} times in 24 hours, last on {{trigger.lockout.host}}. Our case: {{steps.case.case_id}}.',
      }),
    ]),
  },
  {
    // Mondays at 9:00 UTC, one run per customer: what its agents reported vulnerable that week.
    name: 'Weekly vulnerability digest',
    definition: {
      trigger_id: 'scheduled',
      trigger_filter: {},
      task_list: [
        task('findings', 'vulnerabilities_found', { days: 7 }),
        task('mail', 'send_email', {
          emails: ['security@customer.example'],
          subject: 'Weekly vulnerability digest for {{trigger.customer.name}}',
          message:
            '{{steps.findings.count}} vulnerabilities reported by {{steps.findings.agent_count}} agents of {{trigger.customer.name}} since {{steps.findings.since}}, worst first:\n\n{{steps.findings.lines}}',
        }),
      ],
      order_list: ['findings', 'mail'],
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
