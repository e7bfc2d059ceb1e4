import { ACTIONS, SAVED, workflowDrafts } from '../../machines/catalogue/workflows.ts';
import type { FakeNetwork } from '../helpers/fake-network.ts';
import type { NetworkOutcomes } from '../helpers/machine-model.ts';

/**
 * For each call's outcome of the workflow-drafts machine, the server's answer that makes the web
 * app's real actor (useWorkflowEditor over src/web/features/workflows/api.ts) end that way. The
 * sample records and events are the machine catalogue's, so testers and this test walk the same.
 */

export {
  ACTIONS,
  BROKEN,
  CONFLICT,
  NOT_FOUND,
  PUBLISHED,
  SAVED,
  WORKFLOW,
  WORKFLOW_ID,
} from '../../machines/catalogue/workflows.ts';

export const MODEL_EVENTS = workflowDrafts.events;
/** The modal questions and a left page take only their own events, as in the catalogue. */
export const filterEvents = workflowDrafts.filterEvents!;

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
