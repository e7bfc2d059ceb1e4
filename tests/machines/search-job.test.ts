// @vitest-environment happy-dom

import { describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { SearchRequest } from '../../machines/search-job/search-job.context.ts';
import { searchJobMachine } from '../../machines/search-job/search-job.machine.ts';
import { selectGone, selectPolling, selectTermError } from '../../machines/search-job/selectors.ts';
import type { SearchPage } from '../../src/web/features/logs/api.ts';
import { useSearchJob } from '../../src/web/features/logs/use-search-job.ts';
import { failureByCode, hookStarter, itFollowsEveryPath, statesReached } from '../helpers/hook-model.tsx';
import { machineModel, type NetworkOutcomes } from '../helpers/machine-model.ts';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const SEARCH_ID = '00000000-0000-4000-8000-00000005ea01';
const REQUEST: SearchRequest = {
  search: { source: 'windows', search_term: 'EventID:4625 AND host:DC*', filters: [] },
  period: { range: 900 },
};
const EVENT = {
  id: '17',
  time: '2026-01-01T10:00:00.000Z',
  customer_id: '00000000-0000-4000-8000-00000000ac01',
  source: 'windows',
  host: 'ACME-DC-01',
  src_ip: '10.0.0.5',
  dst_ip: null,
  user: 'j.smith',
  event_id: 4625,
  severity: 'warning',
  message: 'An account failed to log on.',
  raw: { EventID: 4625 },
};
const page = (status: SearchPage['status'], progress: number, total: number, error: string | null = null) =>
  ({
    id: SEARCH_ID,
    status,
    progress,
    mode: 'lucene',
    period: { from: '2026-01-01T09:45:00.000Z', to: '2026-01-01T10:00:00.000Z' },
    total,
    error,
    results: total > 0 && status !== 'cancelled' && status !== 'failed' ? [EVENT] : [],
    search_after: null,
  }) satisfies SearchPage;

const START = '/api/search/v1/search/' as const;
const ONE = '/api/search/v1/search/{id}' as const;

const EVENTS: AnyEventObject[] = [
  { type: 'submit', request: REQUEST },
  { type: 'open', id: SEARCH_ID },
  { type: 'poll' },
  { type: 'rerun' },
  { type: 'retry' },
  { type: 'xstate.done.actor.startSearch', output: { id: SEARCH_ID } },
  {
    type: 'xstate.error.actor.startSearch',
    error: { code: 'bad_request', message: 'search_term: syntax error at position 9' },
  },
  { type: 'xstate.done.actor.rerunSearch', output: { id: SEARCH_ID } },
  { type: 'xstate.error.actor.rerunSearch', error: { code: 'internal', message: 'offline' } },
  // Spec 8: a 404 on a search is null: the search is gone (a purged job, an old link).
  { type: 'xstate.done.actor.rerunSearch', output: null },
  { type: 'xstate.done.actor.loadSearch', output: null },
  ...[
    page('running', 0, 0),
    page('running', 40, 3),
    page('done', 100, 5),
    page('failed', 30, 0, 'statement timeout'),
    page('cancelled', 20, 0),
  ].map((output) => ({ type: 'xstate.done.actor.loadSearch', output })),
  { type: 'xstate.error.actor.loadSearch', error: { code: 'internal', message: 'offline' } },
];

const failure = failureByCode({ bad_request: 400, not_found: 404, internal: 500 });

/** The server's answers that make the hook's real calls end as each event says. */
const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.startSearch': (event, network) =>
    network.respond('post', START, {
      status: 201,
      body: { ...event.output, mode: 'lucene', period: page('running', 0, 0).period },
    }),
  'xstate.error.actor.startSearch': (event, network) => network.respond('post', START, failure(event.error)),
  'xstate.done.actor.rerunSearch': (event, network) =>
    event.output === null
      ? network.respond('post', ONE, failure({ code: 'not_found', message: 'Search gone' }))
      : network.respond('post', ONE, {
          status: 200,
          body: { ...event.output, mode: 'lucene', period: page('running', 0, 0).period },
        }),
  'xstate.error.actor.rerunSearch': (event, network) => network.respond('post', ONE, failure(event.error)),
  'xstate.done.actor.loadSearch': (event, network) =>
    event.output === null
      ? network.respond('get', ONE, failure({ code: 'not_found', message: 'Search gone' }))
      : network.respond('get', ONE, { status: 200, body: event.output }),
  'xstate.error.actor.loadSearch': (event, network) => network.respond('get', ONE, failure(event.error)),
};

/** The search screen's job hook (no timer: the test plays each poll). */
const start = hookStarter(() => useSearchJob(0), OUTCOMES);

/** The model compares errors by code and message; the real one also carries the field errors. */
const withoutFields = (context: object) => {
  const error = (context as { error: { code: string; message: string } | null }).error;
  return { ...context, error: error ? { code: error.code, message: error.message } : null };
};

describe('search job: paths generated from the model, on the screen’s hook and real calls', () => {
  const types = new Set(EVENTS.map((e) => e.type));
  const paths = machineModel(searchJobMachine, {
    events: EVENTS,
    input: {},
    filterEvents: (_, e) => types.has(e.type),
  }).getShortestPaths();

  it('reaches every state', () => {
    const values = statesReached(paths);
    for (const v of [
      'Idle',
      'Submitting',
      'SubmitFailed',
      'Polling',
      'Running',
      'Partial',
      'Done',
      'Failed',
      'Cancelled',
      'Rerunning',
      'Gone',
    ])
      expect(values).toContain(v);
  });

  itFollowsEveryPath(paths, start, {
    comparable: withoutFields,
    check(real, network) {
      // Each call runs exactly while the machine waits on it.
      expect(network.isWaiting('post', START)).toBe(real.matches('Submitting'));
      expect(network.isWaiting('post', ONE)).toBe(real.matches('Rerunning'));
      expect(network.isWaiting('get', ONE)).toBe(real.matches('Polling'));
      if (real.matches('Submitting')) {
        expect(network.callsTo('post', START).at(-1)!.body).toEqual(REQUEST);
      }
      if (real.matches('Polling') || real.matches('Rerunning')) {
        const method = real.matches('Polling') ? 'get' : 'post';
        expect(network.callsTo(method, ONE).at(-1)!.params).toEqual({ id: SEARCH_ID });
      }
    },
  });
});

describe('search job: scenarios', () => {
  it('shows partial results while the server counts, then the exact total', async () => {
    const driver = await start();
    await driver.play({ type: 'submit', request: REQUEST });
    await driver.play({ type: 'xstate.done.actor.startSearch', output: { id: SEARCH_ID } });
    await driver.play({ type: 'xstate.done.actor.loadSearch', output: page('running', 0, 0) });
    expect(driver.actor.getSnapshot().value).toBe('Running');
    await driver.play({ type: 'poll' });
    await driver.play({ type: 'xstate.done.actor.loadSearch', output: page('running', 40, 3) });
    expect(driver.actor.getSnapshot().value).toBe('Partial');
    expect(driver.actor.getSnapshot().context.job?.results).toEqual([EVENT]);
    await driver.play({ type: 'poll' });
    await driver.play({ type: 'xstate.done.actor.loadSearch', output: page('done', 100, 5) });
    expect(driver.actor.getSnapshot().value).toBe('Done');
    expect(driver.actor.getSnapshot().context.job?.total).toBe(5);
  });

  it('a newer search replaces the older: the older read is dropped, never shown', async () => {
    const driver = await start();
    await driver.play({ type: 'submit', request: REQUEST });
    await driver.play({ type: 'xstate.done.actor.startSearch', output: { id: SEARCH_ID } });
    expect(driver.network.isWaiting('get', ONE)).toBe(true);
    const newer: SearchRequest = { search: { search_term: '"exact phrase"' } };
    await driver.play({ type: 'submit', request: newer });
    expect(driver.network.isWaiting('get', ONE)).toBe(false);
    expect(driver.network.callsTo('post', START).at(-1)!.body).toEqual(newer);
    expect(driver.actor.getSnapshot().context.request).toEqual(newer);
  });

  it('a Lucene syntax error keeps its field and position for the query bar', async () => {
    const driver = await start();
    await driver.play({ type: 'submit', request: REQUEST });
    await driver.network.respond('post', START, {
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'search_term: syntax error at position 9',
          details: [{ field: 'search_term', reason: 'syntax error at position 9: Expected term' }],
        },
      },
    } as never);
    await driver.act(async () => {});
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.value).toBe('SubmitFailed');
    expect(selectTermError(snapshot as never)?.reason).toContain('position 9');
  });

  it('a stale search id (404) is gone: it stops polling, and a new submit runs the search again', async () => {
    const driver = await start();
    await driver.play({ type: 'open', id: SEARCH_ID });
    await driver.network.respond('get', ONE, failure({ code: 'not_found', message: 'Search gone' }));
    await driver.act(async () => {});
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.value).toBe('Gone');
    expect(selectGone(snapshot as never)).toBe(true);
    expect(selectPolling(snapshot as never)).toBe(false);
    const reads = driver.network.callsTo('get', ONE).length;
    await driver.play({ type: 'poll' });
    await driver.act(async () => {});
    expect(driver.network.callsTo('get', ONE)).toHaveLength(reads);
    expect(driver.network.isWaiting('get', ONE)).toBe(false);
    await driver.play({ type: 'submit', request: REQUEST });
    expect(driver.network.callsTo('post', START).at(-1)!.body).toEqual(REQUEST);
  });
});
