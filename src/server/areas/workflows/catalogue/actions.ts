import type { components } from '../../../../api/schema.d.ts';
import { AGENT_ACTION_TYPES } from '../../../../common/agent-actions.ts';
import { PRIORITIES, STATUSES } from '../../../../common/statuses.ts';
import { ALERT_TRIGGERS, SCHEDULED_TRIGGER } from './triggers.ts';

export type ActionInfo = components['schemas']['WorkflowAction'];
type Parameter = components['schemas']['WorkflowActionParameter'];

const ALERT_ONLY = [...ALERT_TRIGGERS];
const EVERY_TRIGGER = [...ALERT_TRIGGERS, SCHEDULED_TRIGGER];
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
] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT'] as const;

const p = (
  name: string,
  type: Parameter['type'],
  required: boolean,
  description: string,
  more: Partial<Parameter> = {},
) => ({ name, type, required, description, ...more }) satisfies Parameter;

/**
 * The actions a task may take (spec 3, task parameters), each with the triggers it supports and
 * its declared parameters, which the editor draws as a form and publishing checks.
 */
export const ACTIONS: readonly ActionInfo[] = [
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
      'Queues an action on the agent of the alert’s endpoint (isolate, scan, quarantine a file, ...).',
    side_effect: true,
    triggers: ALERT_ONLY,
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
    description: 'Goes on only when the value passes the test; otherwise the run ends here, succeeded.',
    side_effect: false,
    triggers: EVERY_TRIGGER,
    parameters: [
      p('value', 'string', true, 'What to test, usually {{trigger...}}.', { max: 1000 }),
      p('operator', 'enum', true, 'The test.', { options: [...CONDITION_OPERATORS] }),
      p('compare_to', 'string', true, 'Text, number (at least / at most) or regular expression (RE2).', {
        max: 500,
      }),
    ],
  },
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

export function actionOf(id: string): ActionInfo | undefined {
  return ACTIONS.find((a) => a.action_id === id);
}

export function actionsFor(triggerId: string | undefined): ActionInfo[] {
  return ACTIONS.filter((a) => triggerId === undefined || a.triggers.includes(triggerId));
}
