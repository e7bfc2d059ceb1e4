import type { components } from '../../../../api/schema.d.ts';

export type ActionOutput = components['schemas']['WorkflowActionOutput'];

const o = (name: string, type: ActionOutput['type'], description: string): ActionOutput => ({
  name,
  type,
  description,
});

const ALERT_CHANGE = [
  o('changed', 'string_list', 'The alert fields the step changed.'),
  o('comment_id', 'string', 'The comment it added, or null.'),
];
const AGENT_ACTION = [
  o('agent_action_id', 'string', 'The queued agent action.'),
  o('agent_id', 'string', 'The agent it was queued on.'),
  o('action', 'string', 'The agent action.'),
];
const DEFENDER_ACTION = [
  o('integration_id', 'string', 'The Defender XDR integration used.'),
  o('tenant_id', 'string', 'The Microsoft tenant of the device.'),
  o('device_id', 'string', 'Defender’s device id.'),
  o('device', 'string', 'The device’s name.'),
  o('defender_action_id', 'string', 'Defender’s id of the machine action.'),
  o('status', 'string', 'The machine action’s status.'),
];

/**
 * What a step of each action produces (the engine's outputs in engine/act*.ts), so a
 * `{{steps.<task>.<name>}}` reference to a field the step never produces is refused on save.
 */
export const ACTION_OUTPUTS: Record<string, readonly ActionOutput[]> = {
  alert_status: ALERT_CHANGE,
  alert_priority: ALERT_CHANGE,
  alert_assign: ALERT_CHANGE,
  alert_comment: ALERT_CHANGE,
  agent_action: AGENT_ACTION,
  condition: [o('passed', 'boolean', 'Whether the test held.')],
  saved_search_count: [
    o('count', 'integer', 'Events counted.'),
    o('threshold', 'integer', 'The threshold.'),
    o('passed', 'boolean', 'Whether the count reached the threshold.'),
  ],
  vulnerabilities_found: [
    o('count', 'integer', 'How many findings.'),
    o('agent_count', 'integer', 'How many agents reported one.'),
    o('since', 'string', 'The start of the period (ISO 8601).'),
    o('lines', 'string_list', 'One line per finding: severity, id, title, CVEs, agents.'),
    o('findings', 'object', 'The findings (kind, id, title, severity, cve_ids, agents), at most 200.'),
  ],
  threat_lookup: [
    o('kind', 'string', 'ip, domain or file.'),
    o('value', 'string', 'The value looked up, normalised.'),
    o('risk', 'integer', 'Risk, 0 to 100.'),
    o('det', 'string', 'B (bad), G (good) or U (unknown).'),
    o('country', 'string', 'Country, or null.'),
    o('registrant_organization', 'string', 'Registrant organisation, or null.'),
    o('popularity', 'integer', 'Popularity rank, or null.'),
    o('threat_categories', 'string_list', 'Threat categories.'),
    o('malware_group', 'string', 'Malware group, or null.'),
    o('source', 'string', 'Where the verdict came from, or null.'),
    o('first_seen', 'string', 'First seen, or null.'),
    o('last_seen', 'string', 'Last seen, or null.'),
    o('expires_at', 'string', 'When the verdict expires, or null.'),
    o('warning_list', 'string', 'The warning list it is on, or null.'),
  ],
  case_create: [
    o('case_id', 'integer', 'The case opened.'),
    o('alert_ids', 'string_list', 'The alerts put in it.'),
  ],
  case_add: [
    o('case_id', 'integer', 'The case.'),
    o('added', 'boolean', 'Whether the alert was not in it already.'),
  ],
  escalate: [
    o('escalation_id', 'string', 'The escalation started.'),
    o('plan', 'string', 'The plan’s name.'),
    o('steps', 'integer', 'How many steps the plan has.'),
  ],
  call_integration: [
    o('integration_id', 'string', 'The integration used.'),
    o('integration', 'string', 'The integration’s name.'),
    o('status', 'integer', 'The HTTP status it answered.'),
  ],
  defender_isolate_device: DEFENDER_ACTION,
  defender_unisolate_device: DEFENDER_ACTION,
  wait: [o('until', 'string', 'When the wait ends.')],
  send_email: [o('queued_to', 'string_list', 'The recipients it was queued to.')],
  http_request: [
    o('status', 'integer', 'The HTTP status.'),
    o('body', 'string', 'The answer’s first 4000 characters.'),
    o('json', 'object', 'The answer parsed as JSON, or null: its fields are the answer’s own.'),
  ],
};
