import type { components } from '../../../../api/schema.d.ts';

export type TriggerInfo = components['schemas']['WorkflowTrigger'];
type RuntimeParam = components['schemas']['RuntimeParam'];

export const ALERT_TRIGGERS = ['alert_created', 'alert_updated'] as const;
export const SCHEDULED_TRIGGER = 'scheduled';
/** Triggers fired where something happens elsewhere (platform/workflow-events.ts). */
export const EVENT_TRIGGERS = [
  'saved_search_alert',
  'reduced_log_volume',
  'triple_lockout',
  'breach_found',
  'lookalike_domain_changed',
  'agent_offline',
  'agent_unhealthy',
  'vulnerability_found',
] as const;
/** Event triggers whose run has an alert (the one the event raised): alert actions work on them. */
export const RAISES_ALERT = ['saved_search_alert'] as const;
/** Event triggers whose run names an agent (`{{trigger.agent.id}}`): agent actions work on them. */
export const NAMES_AGENT = ['agent_offline', 'agent_unhealthy', 'vulnerability_found'] as const;
export type TriggerId =
  | (typeof ALERT_TRIGGERS)[number]
  | typeof SCHEDULED_TRIGGER
  | (typeof EVENT_TRIGGERS)[number];

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

const CUSTOMER_PARAMS = [
  param('customer_id', 'Customer ID', 'customer.id'),
  param('customer_name', 'Customer name', 'customer.name'),
];

const AGENT_PARAMS = [
  param('computer_id', 'Computer ID', 'agent.id'),
  param('computer_name', 'Computer name', 'agent.host_name'),
  param('agent_platform', 'Agent OS', 'agent.platform'),
  param('agent_version', 'Agent version', 'agent.version'),
  param('agent_ip', 'Agent IP', 'agent.ip'),
];

const event = (
  trigger_id: (typeof EVENT_TRIGGERS)[number],
  name: string,
  description: string,
  runtime_params: RuntimeParam[],
): TriggerInfo => ({
  trigger_id,
  name,
  description,
  kind: 'event',
  filters: [],
  runtime_params: [...runtime_params, ...CUSTOMER_PARAMS],
});

/** The triggers the engine fires, each with what it gives its tasks. */
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
      ...CUSTOMER_PARAMS,
    ],
  },
  event(
    'saved_search_alert',
    'Saved-search alert fired',
    'A saved search’s alert rule counted its threshold of events and raised an alert (not when muted or held back by realert).',
    [
      ...ALERT_PARAMS.filter((p) => !p.name.startsWith('customer_')),
      param('saved_search_id', 'Saved search ID', 'saved_search.id'),
      param('saved_search_name', 'Saved search name', 'saved_search.name'),
      param('rule_id', 'Alert rule ID', 'rule.id'),
      param('event_count', 'Event count', 'rule.count'),
      param('threshold', 'Threshold', 'rule.threshold'),
      param('period_seconds', 'Period (seconds)', 'rule.period_seconds'),
    ],
  ),
  event(
    'reduced_log_volume',
    'Reduced log volume',
    'A customer’s events in the last 30 minutes fell by 50% or more against the 30 minutes before.',
    [
      param('previous_count', 'Events, previous 30 minutes', 'volume.previous_count'),
      param('current_count', 'Events, last 30 minutes', 'volume.current_count'),
      param('drop_percent', 'Drop (%)', 'volume.drop_percent'),
      param('window_end', 'Measured at', 'volume.window_end'),
    ],
  ),
  event(
    'triple_lockout',
    'Triple lockout',
    'One account was locked out three times within 24 hours (Windows event 4740 in the customer’s logs).',
    [
      param('account', 'Account', 'lockout.account'),
      param('lockouts', 'Lockouts in 24 hours', 'lockout.count'),
      param('first_lockout_at', 'First lockout', 'lockout.first_at'),
      param('last_lockout_at', 'Third lockout', 'lockout.last_at'),
      param('computer_name', 'Computer name', 'lockout.host'),
    ],
  ),
  event(
    'breach_found',
    'Breach found',
    'A breach look-up of a customer’s account found the account in one or more breaches.',
    [
      param('account_email', 'Account email', 'breach.account'),
      param('breach_count', 'Breaches', 'breach.count'),
      param('breach_names', 'Breach names', 'breach.names'),
    ],
  ),
  event(
    'lookalike_domain_changed',
    'Lookalike domain changed',
    'A monitored domain’s lookalike changed state (registered, resolving, taking mail, serving a page), confirmed by two scans.',
    [
      param('domain', 'Monitored domain', 'lookalike.domain'),
      param('lookalike', 'Lookalike domain', 'lookalike.name'),
      param('change', 'What changed', 'lookalike.change'),
      param('classification', 'Classification', 'lookalike.classification'),
      param('risk_score', 'Risk score', 'lookalike.risk'),
    ],
  ),
  event(
    'agent_offline',
    'Agent offline',
    'An agent missed its check-in (its interval and the grace period passed without one).',
    [...AGENT_PARAMS, param('last_seen', 'Last check-in', 'agent.heartbeat_at')],
  ),
  event('agent_unhealthy', 'Agent unhealthy', 'An agent reported itself unhealthy at check-in.', [
    ...AGENT_PARAMS,
    param('health_issues', 'Health issues', 'agent.health_issues'),
  ]),
  event(
    'vulnerability_found',
    'Vulnerability found',
    'An agent’s vulnerability report named a finding its previous report did not.',
    [
      ...AGENT_PARAMS,
      param('finding_id', 'Finding ID', 'vulnerability.id'),
      param('finding_title', 'Finding', 'vulnerability.title'),
      param('finding_kind', 'Kind', 'vulnerability.kind'),
      param('severity', 'Severity', 'vulnerability.severity'),
      param('cve_ids', 'CVE IDs', 'vulnerability.cve_ids'),
    ],
  ),
];

export function triggerOf(id: string): TriggerInfo | undefined {
  return TRIGGERS.find((t) => t.trigger_id === id);
}

export const isAlertTrigger = (id: string) => (ALERT_TRIGGERS as readonly string[]).includes(id);
