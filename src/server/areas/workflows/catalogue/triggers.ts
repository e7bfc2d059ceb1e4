import type { components } from '../../../../api/schema.d.ts';

export type TriggerInfo = components['schemas']['WorkflowTrigger'];
type RuntimeParam = components['schemas']['RuntimeParam'];

export const ALERT_TRIGGERS = ['alert_created', 'alert_updated'] as const;
export const SCHEDULED_TRIGGER = 'scheduled';
export type TriggerId = (typeof ALERT_TRIGGERS)[number] | typeof SCHEDULED_TRIGGER;

const param = (name: string, label: string, path: string): RuntimeParam => ({
  name,
  label,
  path: `trigger.${path}`,
});

/** What an alert trigger gives its tasks (spec 3, runtime parameters), as `{{trigger.<path>}}`. */
const ALERT_PARAMS: RuntimeParam[] = [
  param('alert_id', 'Alert ID', 'alert.id'),
  param('alert_title', 'Alert title', 'alert.title'),
  param('alert_type', 'Alert type', 'alert.type'),
  param('alert_priority', 'Priority', 'alert.priority'),
  param('alert_status', 'Status', 'alert.status'),
  param('risk_score', 'Risk score', 'alert.risk_score'),
  param('alert_os', 'Alert OS', 'alert.host_os'),
  param('computer_name', 'Computer name', 'alert.host_name'),
  param('computer_id', 'Computer ID', 'alert.agent_id'),
  param('external_id', 'External ID', 'alert.entity_id'),
  param('customer_id', 'Customer ID', 'customer.id'),
  param('customer_name', 'Customer name', 'customer.name'),
  param('account_email', 'Account email', 'alert.fields.account_email'),
  param('file_hash', 'File hash', 'alert.fields.file_hash'),
  param('file_path', 'File path', 'alert.fields.file_path'),
  param('md5', 'MD5', 'alert.fields.md5'),
  param('sha1', 'SHA-1', 'alert.fields.sha1'),
  param('sha256', 'SHA-256', 'alert.fields.sha256'),
  param('source_ip', 'Source IP', 'alert.fields.source_ip'),
  param('sender_email', 'Sender email', 'alert.fields.sender_email'),
  param('threat_url', 'Threat URL', 'alert.fields.threat_url'),
  param('verdict', 'Verdict', 'alert.fields.verdict'),
];

const ALERT_FILTERS = ['types', 'priorities', 'statuses', 'min_risk', 'max_risk'];

/** The triggers the engine fires. Others of the issue (saved-search alert, log volume, ...) come with their sources. */
export const TRIGGERS: readonly TriggerInfo[] = [
  {
    trigger_id: 'alert_created',
    name: 'Alert created',
    description: 'A new alert of one of the workflow’s customers that no mute silenced.',
    kind: 'event',
    filters: ALERT_FILTERS,
    runtime_params: ALERT_PARAMS,
  },
  {
    trigger_id: 'alert_updated',
    name: 'Alert updated',
    description: 'A field of an alert changed (status, priority, assignees, classification, case).',
    kind: 'event',
    filters: ALERT_FILTERS,
    runtime_params: [...ALERT_PARAMS, param('changed_fields', 'Changed fields', 'changed_fields')],
  },
  {
    trigger_id: SCHEDULED_TRIGGER,
    name: 'Scheduled',
    description: 'On the chosen days at the chosen time (UTC), once for each of the workflow’s customers.',
    kind: 'scheduled',
    filters: [],
    runtime_params: [
      param('specified_day_and_time', 'Specified day and time', 'scheduled_at'),
      param('customer_id', 'Customer ID', 'customer.id'),
      param('customer_name', 'Customer name', 'customer.name'),
    ],
  },
];

export function triggerOf(id: string): TriggerInfo | undefined {
  return TRIGGERS.find((t) => t.trigger_id === id);
}

export const isAlertTrigger = (id: string) => (ALERT_TRIGGERS as readonly string[]).includes(id);
