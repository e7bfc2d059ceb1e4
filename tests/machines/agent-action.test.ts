// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { agentActionMachine } from '../../machines/agent-action/agent-action.machine.ts';
import { selectForceCancel } from '../../machines/agent-action/selectors.ts';
import type { AgentAction } from '../../src/web/features/agents/api.ts';
import { useAgentAction } from '../../src/web/features/agents/use-agent-action.ts';
import { failureByCode, hookStarter, itFollowsEveryPath, statesReached } from '../helpers/hook-model.tsx';
import { machineModel, type NetworkOutcomes } from '../helpers/machine-model.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const AGENT_ID = '00000000-0000-4000-8000-0000000a9e01';
const QUEUED: AgentAction = {
  action_id: '00000000-0000-4000-8000-0000000ac701',
  agent_id: AGENT_ID,
  customer_id: '00000000-0000-4000-8000-00000000ac01',
  type: 'isolate',
  parameters: { length: 3600 },
  status: 'queued',
  steps: [{ status: 'queued', at: '2026-01-01T10:00:00.000Z', receipt: null, by: null }],
  requested_by: null,
  alert_id: null,
  case_id: null,
  expires_at: '2026-01-15T10:00:00.000Z',
  created_at: '2026-01-01T10:00:00.000Z',
  delivered_at: null,
  started_at: null,
  finished_at: null,
  exit_code: null,
  output: null,
  output_sha256: null,
  output_bytes: null,
  output_truncated: false,
};
const step = (status: AgentAction['status'], receipt: string | null = null) => ({
  status,
  at: '2026-01-01T10:01:00.000Z',
  receipt,
  by: null,
});
const DELIVERED: AgentAction = {
  ...QUEUED,
  status: 'delivered',
  steps: [...QUEUED.steps, step('delivered', 'run 7')],
};
const RUNNING: AgentAction = {
  ...DELIVERED,
  status: 'running',
  steps: [...DELIVERED.steps, step('running')],
};
const done = (status: 'succeeded' | 'failed' | 'expired' | 'cancelled'): AgentAction => ({
  ...RUNNING,
  status,
  steps: [...RUNNING.steps, step(status)],
  exit_code: status === 'succeeded' ? 0 : status === 'failed' ? 1 : null,
});

const REQUEST = '/api/agents/v1/agents/{agent_id}/actions/{action}' as const;
const READ = '/api/agents/v1/actions/{action_id}' as const;
const CANCEL = '/api/agents/v1/actions/{action_id}/cancel' as const;

const EVENTS: AnyEventObject[] = [
  { type: 'request', request: { type: 'isolate', parameters: { length: 3600 } } },
  { type: 'poll' },
  { type: 'cancel' },
  { type: 'confirm' },
  { type: 'dismiss' },
  { type: 'retry' },
  { type: 'xstate.done.actor.requestAction', output: QUEUED },
  // A refusal the session lives through: a 403 would end the real session (spec 1, section 4.1).
  { type: 'xstate.error.actor.requestAction', error: { code: 'bad_request', message: 'Not allowed' } },
  ...[DELIVERED, RUNNING, done('succeeded'), done('failed'), done('expired')].map((output) => ({
    type: 'xstate.done.actor.loadAction',
    output,
  })),
  { type: 'xstate.error.actor.loadAction', error: { code: 'internal', message: 'offline' } },
  { type: 'xstate.done.actor.cancelAction', output: { ...QUEUED, status: 'cancelled' } },
  { type: 'xstate.error.actor.cancelAction', error: { code: 'conflict', message: 'It finished' } },
];

const failure = failureByCode({ bad_request: 400, conflict: 409, internal: 500 });

/** The server's answers that make the hook's real calls end as each event says. */
const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.requestAction': (event, network) =>
    network.respond('post', REQUEST, { status: 201, body: event.output }),
  'xstate.error.actor.requestAction': (event, network) =>
    network.respond('post', REQUEST, failure(event.error)),
  'xstate.done.actor.loadAction': (event, network) =>
    network.respond('get', READ, { status: 200, body: event.output }),
  'xstate.error.actor.loadAction': (event, network) => network.respond('get', READ, failure(event.error)),
  'xstate.done.actor.cancelAction': (event, network) =>
    network.respond('post', CANCEL, { status: 200, body: event.output }),
  'xstate.error.actor.cancelAction': (event, network) =>
    network.respond('post', CANCEL, failure(event.error)),
};

/** The detail page's action hook for one agent (no timer: the test plays each poll). */
const start = hookStarter(
  (action: AgentAction | null = null) => useAgentAction(AGENT_ID, action, undefined, 0),
  OUTCOMES,
);

describe('agent action: paths generated from the model, on the page’s hook and real calls', () => {
  const types = new Set(EVENTS.map((e) => e.type));
  const paths = machineModel(agentActionMachine, {
    events: EVENTS,
    input: { agentId: AGENT_ID, action: null },
    filterEvents: (_, e) => types.has(e.type),
  }).getShortestPaths();

  it('reaches every state', () => {
    const values = statesReached(paths);
    for (const v of [
      'Idle',
      'Requesting',
      'RequestFailed',
      'Queued',
      'Delivered',
      'Running',
      'Polling',
      'ConfirmingCancel',
      'Cancelling',
      'Succeeded',
      'Failed',
      'Expired',
      'Cancelled',
    ])
      expect(values).toContain(v);
  });

  itFollowsEveryPath(paths, () => start(), {
    check(real, network) {
      // Each call runs exactly while the machine waits on it.
      expect(network.isWaiting('post', REQUEST)).toBe(real.matches('Requesting'));
      expect(network.isWaiting('get', READ)).toBe(real.matches('Polling'));
      expect(network.isWaiting('post', CANCEL)).toBe(real.matches('Cancelling'));
      if (real.matches('Requesting')) {
        const call = network.callsTo('post', REQUEST).at(-1)!;
        expect(call.params).toEqual({ agent_id: AGENT_ID, action: 'isolate' });
        expect(call.body).toEqual({ parameters: { length: 3600 } });
      }
      if (real.matches('Cancelling')) {
        const call = network.callsTo('post', CANCEL).at(-1)!;
        expect(call.body).toEqual(real.context.action?.status === 'running' ? { force: true } : {});
      }
    },
  });
});

describe('agent action: scenarios', () => {
  it('a running action is force-cancelled, and only after the person confirms', async () => {
    const driver = await start(RUNNING);
    expect(driver.actor.getSnapshot().value).toBe('Running');
    await driver.play({ type: 'cancel' });
    expect(selectForceCancel(driver.actor.getSnapshot() as never)).toBe(true);
    expect(driver.network.callsTo('post', CANCEL)).toEqual([]);
    await driver.play({ type: 'confirm' });
    expect(driver.network.callsTo('post', CANCEL).at(-1)!.params).toEqual({ action_id: RUNNING.action_id });
    expect(driver.network.callsTo('post', CANCEL).at(-1)!.body).toEqual({ force: true });
    await driver.play({ type: 'xstate.done.actor.cancelAction', output: done('cancelled') });
    expect(driver.actor.getSnapshot().value).toBe('Cancelled');
  });

  it('is not shown as done while it was only delivered', async () => {
    const driver = await start(QUEUED);
    await driver.play({ type: 'poll' });
    await driver.play({ type: 'xstate.done.actor.loadAction', output: DELIVERED });
    expect(driver.actor.getSnapshot().value).toBe('Delivered');
    await driver.play({ type: 'poll' });
    await driver.play({ type: 'xstate.done.actor.loadAction', output: done('succeeded') });
    expect(driver.actor.getSnapshot().value).toBe('Succeeded');
    expect(driver.actor.getSnapshot().context.action).toEqual(done('succeeded'));
  });
});
