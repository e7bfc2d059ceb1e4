import type { components } from '../../../../api/schema.d.ts';
import { AGENT_ACTION_TYPES } from '../../../../common/agent-actions.ts';
import { PRIORITIES, STATUSES } from '../../../../common/statuses.ts';
import { ACTION_OUTPUTS } from './outputs.ts';
import { ALERT_TRIGGERS, EVENT_TRIGGERS, NAMES_AGENT, RAISES_ALERT, SCHEDULED_TRIGGER } from './triggers.ts';

export type ActionInfo = components['schemas']['WorkflowAction'];
type Parameter = components['schemas']['WorkflowActionParameter'];

/** Triggers whose run has an alert to act on. */
const ALERT_ONLY = [...ALERT_TRIGGERS, ...RAISES_ALERT];
const EVERY_TRIGGER = [...ALERT_TRIGGERS, SCHEDULED_TRIGGER, ...EVENT_TRIGGERS];
/** Statuses a person (or a workflow acting for one) may set: the system's own are left out. */
const SETTABLE_STATUSES = STATUSES.map((s) => s.key).filter(
  (s) => s !== 'preview' && s !== 'muted' && s !== 'new',
);

export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'regex',
  'at_least',
  'at_most',
  'priority_at_least',
  'days_of_week',
  'time_window',
] as const;
/** Operators that test the value against compare_to; the others test the run's moment. */
export const VALUE_OPERATORS = CONDITION_OPERATORS.filter((o) => o !== 'days_of_week' && o !== 'time_window');
/** Actions whose outcome is true or false: a task of theirs may name the next step of each (on_true, on_false). */
export const BRANCHING_ACTIONS = ['condition', 'saved_search_count'] as const;
export const HHMM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
export const HTTP_METHODS = ['GET', 'POST', 'PUT'] as const;
export const INTEGRATION_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const DEFENDER_ISOLATION_TYPES = ['Full', 'Selective'] as const;

const p = (
  name: string,
  type: Parameter['type'],
  required: boolean,
  description: string,
  more: Partial<Parameter> = {},
) => ({ name, type, required, description, ...more }) satisfies Parameter;

/**
 * The actions a task may take (spec 3, task parameters), each with the triggers it supports and
 * its declared parameters, which the editor draws as a form and publishing checks; its outputs
 * are in outputs.ts.
 */
const DECLARED: readonly Omit<ActionInfo, 'outputs'>[] = [
  {
    action_id: 'alert_status',
    name: 'Change alert status',
    description: 'Sets the status of the alert that triggered the run.',
    side_effect: true,
    triggers: ALERT_ONLY,
    parameters: [p('status', 'enum', true, 'The new status.', { options: SETTABLE_STATUSES })],
  },
  {
    action_id: 'alert_priority',
    name: 'Change alert priority',
    description: 'Sets the priority of the alert that triggered the run.',
    side_effect: true,
    triggers: ALERT_ONLY,
    parameters: [p('priority', 'enum', true, 'The new priority.', { options: [...PRIORITIES] })],
  },
  {
    action_id: 'alert_assign',
    name: 'Assign alert',
    description: 'Sets who the alert is assigned to (user ids of people who may see its customer).',
    side_effect: true,
    triggers: ALERT_ONLY,
    parameters: [p('assignees', 'string_list', true, 'User ids.', { min: 0, max: 20 })],
  },
  {
    action_id: 'alert_comment',
    name: 'Comment on alert',
    description: 'Adds a comment to the alert; a private one only provider staff see.',
    side_effect: true,
    triggers: ALERT_ONLY,
    parameters: [
      p('message', 'text', true, 'The comment; may use {{trigger...}} and {{steps...}}.', {
        min: 1,
        max: 10000,
      }),
      p('private', 'boolean', false, 'Only provider staff see it.'),
    ],
  },
  {
    action_id: 'agent_action',
    name: 'Agent action',
    description:
      'Queues an action on the agent of the alert’s endpoint, or on the agent an agent trigger names (isolate, scan, quarantine a file, ...).',
    side_effect: true,
    triggers: [...ALERT_ONLY, ...NAMES_AGENT],
    parameters: [
      p('action', 'enum', true, 'The agent action.', { options: [...AGENT_ACTION_TYPES] }),
      p('duration', 'integer', false, 'Isolation length in seconds.', { min: 60, max: 2_592_000 }),
      p('path', 'string', false, 'File path (quarantine and delete file).', { max: 4096 }),
      p('force', 'boolean', false, 'Force the file action.'),
    ],
  },
  {
    action_id: 'condition',
    name: 'Condition',
    description:
      'Tests a value (text, substring, RE2 regular expression, risk or priority threshold) or the moment the step runs (days of week, time window in UTC). True goes on to on_true (the next step when not set); false to on_false (the end of the run, succeeded, when not set).',
    side_effect: false,
    triggers: EVERY_TRIGGER,
    parameters: [
      p('operator', 'enum', true, 'The test.', { options: [...CONDITION_OPERATORS] }),
      p('value', 'string', false, 'What to test, usually {{trigger...}} (value tests need it).', {
        max: 1000,
      }),
      p(
        'compare_to',
        'string',
        false,
        'Text, substring, number (at least / at most: a risk threshold), priority (priority at least) or regular expression (RE2); value tests need it.',
        { max: 500 },
      ),
      p('days_of_week', 'string_list', false, 'Days the test holds, 0 Monday to 6 Sunday (days of week).', {
        min: 1,
        max: 7,
        options: ['0', '1', '2', '3', '4', '5', '6'],
      }),
      p('start_time', 'string', false, 'From this time, UTC, HH:MM (time window).', { pattern: HHMM }),
      p(
        'end_time',
        'string',
        false,
        'Until this time, UTC, HH:MM; before the start means overnight (time window).',
        {
          pattern: HHMM,
        },
      ),
    ],
  },
  {
    action_id: 'saved_search_count',
    name: 'Run a saved search',
    description:
      'Counts the events of a saved search over the last minutes for the run’s customer. At or over the threshold is true (on_true, else the next step); under it false (on_false, else the end of the run).',
    side_effect: false,
    triggers: EVERY_TRIGGER,
    parameters: [
      p('saved_search_id', 'string', true, 'The saved search (GET /api/search/v1/saved-searches).', {
        max: 100,
      }),
      p('minutes', 'integer', true, 'How far back to count.', { min: 1, max: 10_080 }),
      p('threshold', 'integer', true, 'Count threshold.', { min: 0, max: 1_000_000_000 }),
    ],
  },
  {
    action_id: 'threat_lookup',
    name: 'Threat look-up',
    description:
      'Enriches the run with the threat store’s verdict on an IP address, domain or file hash (risk, det, categories); later steps read {{steps.<task>.risk}}.',
    side_effect: false,
    triggers: EVERY_TRIGGER,
    parameters: [
      p('value', 'string', true, 'The IP address, domain or file hash, usually {{trigger...}}.', {
        max: 2000,
      }),
    ],
  },
  {
    action_id: 'vulnerabilities_found',
    name: 'Vulnerabilities found',
    description:
      'Reads what the agents of the run’s customer reported vulnerable in the last days (patches, applications, OS), worst first, under that customer’s row security.',
    side_effect: false,
    triggers: EVERY_TRIGGER,
    parameters: [p('days', 'integer', true, 'How many days back.', { min: 1, max: 90 })],
  },
  {
    action_id: 'case_create',
    name: 'Create a case',
    description: 'Opens a case for the run’s customer, with the run’s alert in it when there is one.',
    side_effect: true,
    triggers: EVERY_TRIGGER,
    parameters: [
      p('title', 'string', true, 'Case title; may use {{trigger...}}.', { min: 1, max: 200 }),
      p('description', 'text', false, 'Description.', { max: 10000 }),
      p('tags', 'string_list', false, 'Tags.', { min: 0, max: 20 }),
    ],
  },
  {
    action_id: 'case_add',
    name: 'Add to a case',
    description:
      'Adds the run’s alert to a case of the same customer (a case id, or {{steps.<task>.case_id}} of an earlier step).',
    side_effect: true,
    triggers: ALERT_ONLY,
    parameters: [p('case_id', 'string', true, 'Case id.', { max: 40 })],
  },
  {
    action_id: 'escalate',
    name: 'Escalate',
    description:
      'Escalates the run’s alert through an escalation plan: its contacts are told step by step until someone acknowledges.',
    side_effect: true,
    triggers: ALERT_ONLY,
    parameters: [
      p(
        'plan_id',
        'string',
        true,
        'The escalation plan (GET /api/escalations/v1/plans): one for every customer, or for the workflow’s customer.',
        { max: 100 },
      ),
    ],
  },
  {
    action_id: 'call_integration',
    name: 'Send through an integration',
    description:
      'Sends a message through an outbound integration (Slack, Microsoft Teams, PagerDuty, HTTP). A send the worker was interrupted in is not repeated, as it may have gone.',
    side_effect: true,
    triggers: EVERY_TRIGGER,
    parameters: [
      p('integration_id', 'string', true, 'The integration (GET /api/integrations/v1/integrations).', {
        max: 100,
      }),
      p('title', 'string', true, 'The message’s title; may use {{trigger...}} and {{steps...}}.', {
        min: 1,
        max: 500,
      }),
      p('message', 'text', false, 'The message’s text.', { max: 10000 }),
      p('severity', 'enum', false, 'Severity (PagerDuty maps it to its own).', {
        options: [...INTEGRATION_SEVERITIES],
      }),
    ],
  },
  ...(['isolate', 'unisolate'] as const).map(
    (action): Omit<ActionInfo, 'outputs'> => ({
      action_id: `defender_${action}_device`,
      name: action === 'isolate' ? 'Isolate device (Defender)' : 'Release device from isolation (Defender)',
      description:
        action === 'isolate'
          ? 'Asks Microsoft Defender for Endpoint to isolate the alert’s device (its mde_device_id, or the one given) from the network, in the tenant mapped to the alert’s customer. Needs the permission to act on endpoints.'
          : 'Asks Microsoft Defender for Endpoint to release the alert’s device (its mde_device_id, or the one given) from isolation. Needs the permission to act on endpoints.',
      side_effect: true,
      triggers: ALERT_ONLY,
      parameters: [
        p(
          'integration_id',
          'string',
          true,
          'The Microsoft Defender XDR integration (GET /api/integrations/v1/integrations).',
          {
            max: 100,
          },
        ),
        p('device_id', 'string', false, 'Defender’s device id; the alert’s own when left out.', { max: 200 }),
        ...(action === 'isolate'
          ? [
              p(
                'isolation_type',
                'enum',
                false,
                'Full, or Selective (Outlook, Teams and Skype keep working).',
                {
                  options: [...DEFENDER_ISOLATION_TYPES],
                },
              ),
            ]
          : []),
        p('comment', 'text', false, 'The comment Defender records with the action.', { max: 1000 }),
      ],
    }),
  ),
  {
    action_id: 'wait',
    name: 'Wait',
    description: 'Waits before the next step.',
    side_effect: false,
    triggers: EVERY_TRIGGER,
    parameters: [p('minutes', 'integer', true, 'Minutes to wait.', { min: 1, max: 10_080 })],
  },
  {
    action_id: 'send_email',
    name: 'Send e-mail',
    description: 'Sends an e-mail through the outbox.',
    side_effect: true,
    triggers: EVERY_TRIGGER,
    parameters: [
      p('emails', 'email_list', true, 'Recipients.', { min: 1, max: 20 }),
      p('subject', 'string', true, 'Subject.', { min: 1, max: 200 }),
      p('message', 'text', true, 'Body.', { min: 1, max: 10000 }),
    ],
  },
  {
    action_id: 'http_request',
    name: 'Outbound HTTP request',
    description:
      'Calls a web address (webhook, chat, paging, ticketing) through the outbound guard: internal addresses are refused.',
    side_effect: true,
    triggers: EVERY_TRIGGER,
    parameters: [
      p('url', 'url', true, 'http or https address.', { max: 2000 }),
      p('method', 'enum', true, 'HTTP method.', { options: [...HTTP_METHODS] }),
      p('body', 'text', false, 'Body (JSON or text).', { max: 10000 }),
    ],
  },
];

export const ACTIONS: readonly ActionInfo[] = DECLARED.map((action) => ({
  ...action,
  outputs: [...(ACTION_OUTPUTS[action.action_id] ?? [])],
}));

export function actionOf(id: string): ActionInfo | undefined {
  return ACTIONS.find((a) => a.action_id === id);
}

export function actionsFor(triggerId: string | undefined): ActionInfo[] {
  return ACTIONS.filter((a) => triggerId === undefined || a.triggers.includes(triggerId));
}
