import type { WorkflowAction, WorkflowRecord } from '../workflow-drafts/workflow-drafts.context.ts';
import { workflowDraftsMachine } from '../workflow-drafts/workflow-drafts.machine.ts';
import type { CatalogueEntry } from './entry.ts';

/*
 * The workflow-drafts machine's samples: the catalogue's events, which the model test
 * (tests/machines/workflow-drafts.test.ts) also plays on the web app's real actor.
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

export const workflowDrafts: CatalogueEntry = {
  name: 'workflow-drafts',
  machine: workflowDraftsMachine,
  description:
    "A workflow's draft or a template: edited step by step, checked, saved, published, refused as stale, a trigger change confirmed, and a guard before leaving.",
  input: { kind: 'workflow', id: WORKFLOW_ID },
  events: [
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
  ],
  // The trigger and leave questions are modal dialogs, and a left page is hidden.
  filterEvents: (snapshot, event) => {
    if (!snapshot.matches('Ready') || event.type.startsWith('xstate.')) return true;
    // One step added is enough to tell the paths apart; more only grows the draft.
    if (event.type === 'add-step')
      return (
        snapshot.context.draft.steps.length === 1 && snapshot.context.draft.triggerId === 'alert_created'
      );
    // Paused once is enough: again only repeats it.
    if (event.type === 'record-changed') return snapshot.context.version < 3;
    if (snapshot.matches({ Ready: { Leave: 'ConfirmLeave' } }))
      return ['confirm-leave', 'stay'].includes(event.type);
    if (snapshot.matches({ Ready: { Leave: 'Left' } })) return event.type === 'resume';
    if (snapshot.matches({ Ready: { Form: 'ConfirmTrigger' } }))
      return ['confirm-trigger', 'keep-trigger'].includes(event.type);
    return !['confirm-leave', 'stay', 'resume', 'confirm-trigger', 'keep-trigger'].includes(event.type);
  },
};
