import type { AnyEventObject } from 'xstate';
import type {
  WorkflowAction,
  WorkflowRecord,
} from '../../machines/workflow-drafts/workflow-drafts.context.ts';
import type { FakeNetwork } from '../helpers/fake-network.ts';
import type { NetworkOutcomes } from '../helpers/machine-model.ts';

/**
 * The workflow-drafts machine's sample events and, for each call's outcome, the server's answer
 * that makes the web app's real actor (useWorkflowEditor over src/web/features/workflows/api.ts)
 * end that way.
 */

export const WORKFLOW_ID = '00000000-0000-4000-8000-0000000000f1';

export const ACTIONS: WorkflowAction[] = [
  {
    action_id: 'alert_comment',
    name: 'Comment on alert',
    description: 'Adds a comment to the alert.',
    side_effect: true,
    triggers: ['alert_created', 'alert_updated'],
    parameters: [
      { name: 'message', type: 'text', required: true, description: 'The comment.', min: 1, max: 10000 },
      { name: 'private', type: 'boolean', required: false, description: 'Staff only.' },
    ],
    outputs: [{ name: 'comment_id', type: 'string', description: 'The comment it added.' }],
  },
  {
    action_id: 'wait',
    name: 'Wait',
    description: 'Waits before the next step.',
    side_effect: false,
    triggers: ['alert_created', 'alert_updated', 'scheduled'],
    parameters: [
      { name: 'minutes', type: 'integer', required: true, description: 'Minutes.', min: 1, max: 10080 },
    ],
    outputs: [{ name: 'until', type: 'string', description: 'When the wait ends.' }],
  },
];

export const WORKFLOW: WorkflowRecord = {
  workflow_id: WORKFLOW_ID,
  name: 'Isolate on critical malware',
  customer_id: [],
  global: true,
  draft: true,
  state: 'draft',
  trigger_id: 'alert_created',
  trigger_filter: { priorities: ['critical'] },
  task_list: [
    {
      id: 'note',
      action_id: 'alert_comment',
      parameters: { message: 'Seen', private: true },
      timeout_seconds: 60,
      retries: 3,
    },
  ],
  order_list: ['note'],
  scheduled: false,
  scheduled_time: '09:00',
  scheduled_days: [0, 1, 2, 3, 4],
  template_id: null,
  published_version: null,
  content_hash: null,
  version: 1,
  created_at: '2025-06-01T08:00:00.000Z',
  updated_at: '2025-06-01T08:00:00.000Z',
};
export const SAVED: WorkflowRecord = { ...WORKFLOW, name: 'Renamed', version: 2 };
export const PUBLISHED: WorkflowRecord = {
  ...WORKFLOW,
  draft: false,
  state: 'published',
  published_version: 1,
  content_hash: 'abc',
  version: 2,
};

/** Paused from the editor's own button: the same content on a newer version. */
export const PAUSED: WorkflowRecord = { ...PUBLISHED, state: 'paused', version: 3 };

export const NOT_FOUND = { status: 404, message: 'Workflow not found' };
export const CONFLICT = { status: 409, message: 'This workflow changed since it was read.' };
export const BROKEN = { status: 500, message: 'Internal error' };

export const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadWorkflow', output: { record: WORKFLOW, actions: ACTIONS } },
  { type: 'xstate.error.actor.loadWorkflow', error: NOT_FOUND },
  { type: 'xstate.error.actor.loadWorkflow', error: BROKEN },
  { type: 'edit', changes: { name: 'Renamed' } },
  { type: 'edit', changes: { name: WORKFLOW.name } },
  { type: 'add-step', actionId: 'wait' },
  { type: 'change-trigger', triggerId: 'scheduled' },
  { type: 'confirm-trigger' },
  { type: 'keep-trigger' },
  { type: 'save' },
  { type: 'publish' },
  { type: 'discard' },
  { type: 'reload' },
  { type: 'leave-requested', to: '/alerts', replace: false },
  { type: 'confirm-leave' },
  { type: 'stay' },
  { type: 'resume' },
  { type: 'record-changed', record: PAUSED },
  { type: 'xstate.done.actor.saveDraft', output: SAVED },
  { type: 'xstate.error.actor.saveDraft', error: CONFLICT },
  { type: 'xstate.error.actor.saveDraft', error: BROKEN },
  { type: 'xstate.done.actor.publishDraft', output: PUBLISHED },
  { type: 'xstate.error.actor.publishDraft', error: CONFLICT },
];

export const GET_PATH = '/api/soar/v1/workflows/{id}' as const;
export const PUT_PATH = '/api/soar/v1/workflows' as const;
export const PUBLISH_PATH = '/api/soar/v1/workflows/{id}/publish' as const;

const errorBody = (code: string, message: string) => ({ error: { code, message } });
const crash = (message: string) =>
  new Response(JSON.stringify(errorBody('internal', message)), {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });
const failure = (error: { status: number; message: string }) =>
  error.status === 404
    ? { status: 404 as const, body: errorBody('not_found', error.message) }
    : error.status === 409
      ? { status: 409 as const, body: errorBody('conflict', error.message) }
      : crash(error.message);

/** The action catalogue answers at once: the load waits only on the workflow itself. */
export const answerCatalogue = (network: FakeNetwork) =>
  network.on('get', '/api/soar/v1/actions', { status: 200, body: { actions: ACTIONS } });

/** A publish saves what is unsaved first: that PUT is answered with the saved draft. */
async function saveBeforePublish(network: FakeNetwork, reply: Parameters<FakeNetwork['respond']>[2]) {
  if (network.isWaiting('put', PUT_PATH)) await network.respond('put', PUT_PATH, reply as never);
}

export const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.loadWorkflow': (event, network) =>
    network.respond('get', GET_PATH, { status: 200, body: event.output.record }),
  'xstate.error.actor.loadWorkflow': (event, network) =>
    network.respond('get', GET_PATH, failure(event.error) as never),
  'xstate.done.actor.saveDraft': (event, network) =>
    network.respond('put', PUT_PATH, { status: 200, body: event.output }),
  'xstate.error.actor.saveDraft': (event, network) => network.respond('put', PUT_PATH, failure(event.error)),
  'xstate.done.actor.publishDraft': async (event, network) => {
    await saveBeforePublish(network, { status: 200, body: SAVED });
    await network.respond('post', PUBLISH_PATH, { status: 200, body: event.output });
  },
  'xstate.error.actor.publishDraft': async (event, network) => {
    if (network.isWaiting('put', PUT_PATH)) return network.respond('put', PUT_PATH, failure(event.error));
    return network.respond('post', PUBLISH_PATH, failure(event.error));
  },
};
