import { agentActionMachine } from '../agent-action/agent-action.machine.ts';
import { alertStatusMachine } from '../alert-status/alert-status.machine.ts';
import { breachLookupMachine } from '../breach-lookup/breach-lookup.machine.ts';
import { bulkTriageMachine } from '../bulk-triage/bulk-triage.machine.ts';
import { searchJobMachine } from '../search-job/search-job.machine.ts';
import type { CatalogueEntry } from './entry.ts';

/** Sample answers: only the fields the machines read, with plain example values. */
const OFFLINE = { code: 'internal', message: 'offline' };
const action = (status: string) => ({ action_id: 'a1', status, steps: [], exit_code: null });
const alert = {
  id: 42,
  status: 'new',
  priority: 'medium',
  classification: null,
  version: 1,
  allowed_transitions: ['in_progress', 'closed'],
};
const lookup = (status: string, attempts: number) => ({
  account: 'pat@acme.example',
  status,
  attempts,
  error: null,
});
const page = (status: string, total: number) => ({
  id: 's1',
  status,
  progress: 100,
  total,
  results: [],
  error: null,
});

export const agentAction: CatalogueEntry = {
  name: 'agent-action',
  machine: agentActionMachine,
  description:
    'An action sent to an agent (isolate, scan, …): requested, queued, followed to its end or cancelled.',
  input: { agentId: 'agent-1', action: null },
  events: [
    { type: 'request', request: { type: 'isolate', parameters: { length: 3600 } } },
    { type: 'poll' },
    { type: 'cancel' },
    { type: 'confirm' },
    { type: 'dismiss' },
    { type: 'retry' },
    { type: 'xstate.done.actor.requestAction', output: action('queued') },
    { type: 'xstate.error.actor.requestAction', error: { code: 'bad_request', message: 'Not allowed' } },
    ...['delivered', 'running', 'succeeded', 'failed', 'expired'].map((status) => ({
      type: 'xstate.done.actor.loadAction',
      output: action(status),
    })),
    { type: 'xstate.error.actor.loadAction', error: OFFLINE },
    { type: 'xstate.done.actor.cancelAction', output: action('cancelled') },
    { type: 'xstate.error.actor.cancelAction', error: { code: 'conflict', message: 'It finished' } },
  ],
};

export const alertStatus: CatalogueEntry = {
  name: 'alert-status',
  machine: alertStatusMachine,
  description: "An alert's status or priority changed from its page: chosen, saved, or refused as stale.",
  input: { alert },
  events: [
    { type: 'open', field: 'status' },
    { type: 'open', field: 'priority' },
    { type: 'choose', change: { status: 'closed' }, comment: 'done' },
    { type: 'choose', change: { priority: 'low' } },
    { type: 'cancel' },
    { type: 'reload' },
    { type: 'retry' },
    { type: 'xstate.done.actor.saveAlert', output: { ...alert, status: 'closed', version: 2 } },
    { type: 'xstate.error.actor.saveAlert', error: { code: 'conflict', message: 'changed' } },
    { type: 'xstate.error.actor.saveAlert', error: { code: 'bad_request', message: 'no' } },
    { type: 'xstate.done.actor.loadAlert', output: { ...alert, version: 3 } },
    { type: 'xstate.error.actor.loadAlert', error: OFFLINE },
  ],
};

export const breachLookup: CatalogueEntry = {
  name: 'breach-lookup',
  machine: breachLookupMachine,
  description:
    'A breach look-up of an account: asked, read again every 10 s while in progress, done or failed.',
  input: undefined,
  events: [
    { type: 'lookup', account: 'pat@acme.example' },
    { type: 'poll' },
    { type: 'retry' },
    ...['in_progress', 'done', 'failed'].flatMap((status) => [
      { type: 'xstate.done.actor.loadLookup', output: lookup(status, 1) },
      { type: 'xstate.done.actor.pollLookup', output: lookup(status, 2) },
    ]),
    {
      type: 'xstate.error.actor.loadLookup',
      error: { code: 'breach_lookup_not_configured', message: 'Breach look-ups are not configured' },
    },
    { type: 'xstate.error.actor.loadLookup', error: OFFLINE },
    { type: 'xstate.error.actor.pollLookup', error: OFFLINE },
  ],
};

const picked = { mode: 'ids', ids: [1, 2], versions: { 1: 1, 2: 1 }, statuses: ['new'] };

export const bulkTriage: CatalogueEntry = {
  name: 'bulk-triage',
  machine: bulkTriageMachine,
  description: 'A change to many alerts at once: reviewed, confirmed, sent, with a summary or a retry.',
  input: undefined,
  events: [
    { type: 'open', targets: picked },
    { type: 'open', targets: { ...picked, ids: [] } },
    { type: 'review', fields: { status: 'false_positive' }, comment: 'benign scanner' },
    { type: 'review', fields: {} },
    { type: 'back' },
    { type: 'confirm' },
    { type: 'retry' },
    { type: 'close' },
    { type: 'xstate.done.actor.bulkUpdate', output: { updated: 2, failed: [] } },
    { type: 'xstate.error.actor.bulkUpdate', error: { message: 'Request failed with status code 502' } },
  ],
};

export const searchJob: CatalogueEntry = {
  name: 'search-job',
  machine: searchJobMachine,
  description:
    'A log search: submitted, counted in the background, read until done, failed, cancelled or gone.',
  input: {},
  events: [
    { type: 'submit', request: { search: { search_term: 'event_id:4625' } } },
    { type: 'open', id: 's1' },
    { type: 'poll' },
    { type: 'rerun' },
    { type: 'retry' },
    { type: 'xstate.done.actor.startSearch', output: { id: 's1' } },
    {
      type: 'xstate.error.actor.startSearch',
      error: { code: 'bad_request', message: 'syntax error at position 9' },
    },
    { type: 'xstate.done.actor.rerunSearch', output: { id: 's1' } },
    { type: 'xstate.done.actor.rerunSearch', output: null },
    { type: 'xstate.error.actor.rerunSearch', error: OFFLINE },
    { type: 'xstate.done.actor.loadSearch', output: null },
    ...[page('running', 0), page('running', 3), page('done', 5), page('failed', 0), page('cancelled', 0)].map(
      (output) => ({ type: 'xstate.done.actor.loadSearch', output }),
    ),
    { type: 'xstate.error.actor.loadSearch', error: OFFLINE },
  ],
};
