// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { breachLookupMachine } from '../../machines/breach-lookup/breach-lookup.machine.ts';
import { selectPolling } from '../../machines/breach-lookup/selectors.ts';
import type { BreachLookup } from '../../src/web/features/threat/api.ts';
import { useBreachLookup } from '../../src/web/features/threat/use-breach-lookup.ts';
import { apiError } from '../helpers/fake-network.ts';
import { hookStarter, itFollowsEveryPath, statesReached } from '../helpers/hook-model.tsx';
import { machineModel, type NetworkOutcomes, withoutDelays } from '../helpers/machine-model.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const ACCOUNT = 'pat@acme.example';
const lookup = (status: BreachLookup['status'], attempts = 1): BreachLookup => ({
  kind: 'email',
  account: ACCOUNT,
  status,
  breaches:
    status === 'done'
      ? [
          {
            name: 'Adobe',
            title: 'Adobe',
            domain: 'adobe.com',
            breach_date: '2013-10-04',
            pwn_count: 152445165,
            data_classes: ['Passwords'],
            verified: true,
          },
        ]
      : [],
  timestamp: status === 'in_progress' ? null : '2026-01-01T10:00:00.000Z',
  requested_at: '2026-01-01T09:59:00.000Z',
  attempts,
  error: status === 'failed' ? 'the provider answered 503' : null,
  poll_seconds: status === 'in_progress' ? 10 : null,
});

const HIBP = '/api/threat/hibp/{account}' as const;
const notConfigured = () =>
  new Response(
    JSON.stringify({
      error: { code: 'breach_lookup_not_configured', message: 'Breach look-ups are not configured' },
    }),
    { status: 503, headers: { 'content-type': 'application/json' } },
  );
const failure = (error: { code: string; message: string }) =>
  error.code === 'breach_lookup_not_configured' ? notConfigured() : apiError(500, error.message);

const EVENTS: AnyEventObject[] = [
  { type: 'lookup', account: ACCOUNT },
  { type: 'poll' },
  { type: 'retry' },
  ...(['in_progress', 'done', 'failed'] as const).flatMap((status) => [
    { type: 'xstate.done.actor.loadLookup', output: lookup(status, status === 'failed' ? 5 : 1) },
    { type: 'xstate.done.actor.pollLookup', output: lookup(status, status === 'failed' ? 5 : 2) },
  ]),
  {
    type: 'xstate.error.actor.loadLookup',
    error: { code: 'breach_lookup_not_configured', message: 'Breach look-ups are not configured' },
  },
  { type: 'xstate.error.actor.loadLookup', error: { code: 'internal', message: 'offline' } },
  { type: 'xstate.error.actor.pollLookup', error: { code: 'internal', message: 'offline' } },
];

/** The server's answers that make the hook's real call end as each event says. */
const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.loadLookup': (event, network) =>
    network.respond('get', HIBP, { status: 200, body: event.output }),
  'xstate.error.actor.loadLookup': (event, network) => network.respond('get', HIBP, failure(event.error)),
  'xstate.done.actor.pollLookup': (event, network) =>
    network.respond('get', HIBP, { status: 200, body: event.output }),
  'xstate.error.actor.pollLookup': (event, network) => network.respond('get', HIBP, failure(event.error)),
};

/** The threat screen's breach hook; with no interval the test plays each poll. */
const start = hookStarter((pollMs?: number) => useBreachLookup(pollMs), OUTCOMES);

describe('breach look-up: paths generated from the model, on the screen’s hook and real calls', () => {
  const paths = withoutDelays(
    machineModel(breachLookupMachine, { events: EVENTS, input: undefined }).getShortestPaths(),
  );

  it('reaches every state, and fails after five reads in a row that fail', () => {
    const values = statesReached(paths);
    for (const v of ['Idle', 'Loading', 'InProgress', 'Polling', 'Done', 'Failed', 'Error', 'NotConfigured'])
      expect(values).toContain(v);
    const failedByReads = paths
      .map((p) => p.steps.findIndex((s) => s.state.value === 'Failed' && s.state.context.pollErrors === 5))
      .map((at, i) => paths[i]!.steps.slice(0, at + 1))
      .find((steps) => steps.length > 0);
    expect(failedByReads?.filter((s) => s.event.type === 'xstate.error.actor.pollLookup')).toHaveLength(5);
  });

  itFollowsEveryPath(paths, () => start(0), {
    check(real, network) {
      // The call runs exactly while the machine waits on it.
      const waiting = real.matches('Loading') || real.matches('Polling');
      expect(network.isWaiting('get', HIBP)).toBe(waiting);
      if (waiting) {
        const call = network.callsTo('get', HIBP).at(-1)!;
        expect(call.params).toEqual({ account: ACCOUNT });
        expect(call.query.get('again')).toBe(real.context.again ? 'true' : null);
      }
    },
  });
});

describe('breach look-up: scenarios', () => {
  it('reads again every 10 s while in progress and stops when done', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { play, actor, network, ...hook } = await start();
      await play({ type: 'lookup', account: ACCOUNT });
      await play({ type: 'xstate.done.actor.loadLookup', output: lookup('in_progress') });
      expect(selectPolling(actor.getSnapshot() as never)).toBe(true);
      await hook.act(() => {
        vi.advanceTimersByTime(9_999);
      });
      expect(network.callsTo('get', HIBP)).toHaveLength(1);
      await hook.act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(network.callsTo('get', HIBP)).toHaveLength(2);
      await play({ type: 'xstate.done.actor.pollLookup', output: lookup('done') });
      expect(actor.getSnapshot().value).toBe('Done');
      await hook.act(() => {
        vi.advanceTimersByTime(30_000);
      });
      expect(network.callsTo('get', HIBP)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
