// @vitest-environment happy-dom

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { BulkRequest, BulkResult, BulkTargets } from '../../machines/bulk-triage/bulk-triage.context.ts';
import { bulkTriageMachine, commonTargets } from '../../machines/bulk-triage/bulk-triage.machine.ts';
import { selectFailedIds } from '../../machines/bulk-triage/selectors.ts';
import { allowedTargets } from '../../src/common/transitions.ts';
import { useBulkTriage } from '../../src/web/features/alerts/list/use-bulk-triage.ts';
import { apiError, freshNetwork, settleMicrotasks } from '../helpers/fake-network.ts';
import { describePath, hookPlayer, machineModel, type NetworkOutcomes } from '../helpers/machine-model.ts';
import { renderAppHook } from '../helpers/render-hook.tsx';
import { signIn } from '../helpers/signed-in-session.tsx';

// The web app's client captures fetch when it loads: the fake network goes in first.
await vi.hoisted(() => import('../helpers/fake-network.ts'));

const PATH = '/api/alerts/v1/alerts/' as const;

const PICKED: BulkTargets = {
  mode: 'ids',
  ids: [11, 12, 13],
  versions: { 11: 1, 12: 4, 13: 2 },
  statuses: ['new', 'open'],
};
const ALL: BulkTargets = { mode: 'filter', filter: { statuses: ['new'] }, count: 250, statuses: ['new'] };
const RESULT: BulkResult = {
  updated: [{ id: 11, version: 2 }],
  failed: [
    { id: 12, code: 'conflict', message: 'changed' },
    { id: 13, code: 'invalid_transition', message: 'no' },
  ],
};

const EVENTS: AnyEventObject[] = [
  { type: 'open', targets: PICKED },
  { type: 'open', targets: ALL },
  { type: 'open', targets: { ...PICKED, ids: [] } },
  { type: 'review', fields: { status: 'false_positive' }, comment: 'benign scanner', commentPrivate: true },
  { type: 'review', fields: { status: 'reopened' } },
  { type: 'review', fields: {} },
  { type: 'review', fields: { priority: 'low' } },
  { type: 'back' },
  { type: 'confirm' },
  { type: 'retry' },
  { type: 'close' },
  { type: 'xstate.done.actor.bulkUpdate', output: RESULT },
  { type: 'xstate.error.actor.bulkUpdate', error: new Error('Request failed with status code 502') },
];

/** The server's answers that make the list's real bulk update end as each event says. */
const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.bulkUpdate': (event, network) =>
    network.respond('put', PATH, { status: 200, body: event.output }),
  // A gateway's failure carries no error body: the list shows the status.
  'xstate.error.actor.bulkUpdate': (_, network) =>
    network.respond('put', PATH, new Response('bad gateway', { status: 502 })),
};

function model() {
  const types = new Set(EVENTS.map((e) => e.type));
  return machineModel(bulkTriageMachine, {
    events: EVENTS,
    input: undefined,
    filterEvents: (_, e) => types.has(e.type),
  });
}

/** What the list sends for a request: the changed fields, the comment and the targets. */
function expectedBody(request: BulkRequest) {
  const { targets, fields, comment, commentPrivate } = request;
  const common = {
    fields,
    comment: comment ?? undefined,
    comment_private: comment && commentPrivate ? true : undefined,
  };
  const body =
    targets.mode === 'filter'
      ? { ...common, filter: targets.filter }
      : {
          ...common,
          ids: targets.ids,
          versions: Object.fromEntries(targets.ids.map((id) => [String(id), targets.versions[id]])),
        };
  return JSON.parse(JSON.stringify(body));
}

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  localStorage.clear();
});

/** The alert list's bulk-triage hook over a fresh fake network. */
async function start() {
  const network = freshNetwork();
  signIn(network);
  const done: BulkResult[] = [];
  const hook = await renderAppHook(() => useBulkTriage((result) => done.push(result)));
  unmounts.push(hook.unmount);
  const { actor, play } = hookPlayer(hook, network, OUTCOMES);
  return { ...hook, network, actor, done, play };
}

describe("bulk triage: paths generated from the model, on the alert list's hook and real calls", () => {
  const paths = model().getShortestPaths();

  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const v of ['Idle', 'Selecting', 'Confirming', 'Running', 'Done', 'Failed'])
      expect(values).toContain(`"${v}"`);
  });

  for (const path of paths) {
    it(describePath(path.steps), async () => {
      const driver = await start();
      for (const step of path.steps) {
        await driver.play(step.event);
        const real = driver.actor.getSnapshot();
        expect(real.value, step.event.type).toEqual(step.state.value);
        expect(real.context, step.event.type).toEqual(step.state.context);
        expect(driver.network.isWaiting('put', PATH)).toBe(real.matches('Running'));
        // Only a status every target may move to is ever offered or sent.
        const { status } = real.context.fields;
        if (status) expect(real.context.allowedStatuses).toContain(status);
        if (real.matches('Running')) {
          const { targets, fields, comment, commentPrivate } = real.context;
          expect(driver.network.callsTo('put', PATH).at(-1)!.body).toEqual(
            expectedBody({ targets: targets!, fields, comment, commentPrivate }),
          );
        }
        // The list merges the result once, when it arrives.
        if (real.matches('Done')) expect(driver.done.at(-1)).toEqual(real.context.result);
        if (real.matches('Idle')) expect(real.context.targets).toBeNull();
      }
    });
  }
});

describe("bulk triage: scenarios on the alert list's hook", () => {
  it('offers only the statuses every selected alert may move to', () => {
    expect(commonTargets(['new', 'open'])).toEqual(
      (allowedTargets('new') as string[]).filter((s) => (allowedTargets('open') as string[]).includes(s)),
    );
    expect(commonTargets(['new', 'open'])).not.toContain('open');
    expect(commonTargets(['closed', 'new'])).toEqual([]);
    expect(commonTargets(['closed', 'false_positive'])).toEqual(['reopened']);
  });

  it('closes a batch as false positive with a comment; the failed alerts are reported', async () => {
    const driver = await start();
    await driver.play({ type: 'open', targets: PICKED });
    await driver.play({
      type: 'review',
      fields: { status: 'false_positive' },
      comment: ' scanner ',
      commentPrivate: false,
    });
    expect(driver.actor.getSnapshot().matches('Confirming')).toBe(true);
    await driver.play({ type: 'confirm' });
    expect(driver.network.callsTo('put', PATH)[0]!.body).toEqual({
      ids: [11, 12, 13],
      versions: { '11': 1, '12': 4, '13': 2 },
      fields: { status: 'false_positive' },
      comment: 'scanner',
    });
    await driver.play({ type: 'xstate.done.actor.bulkUpdate', output: RESULT });
    expect(driver.actor.getSnapshot().matches('Done')).toBe(true);
    expect(selectFailedIds(driver.actor.getSnapshot())).toEqual([12, 13]);
    expect(driver.done).toEqual([RESULT]);
  });

  it('refuses an empty change and a status not allowed for all', async () => {
    const driver = await start();
    await driver.play({ type: 'open', targets: PICKED });
    await driver.play({ type: 'review', fields: {} });
    await driver.play({ type: 'review', fields: { status: 'reopened' } });
    expect(driver.actor.getSnapshot().matches('Selecting')).toBe(true);
  });

  it('a failed request can be retried, or the form changed', async () => {
    const driver = await start();
    await driver.play({ type: 'open', targets: ALL });
    await driver.play({ type: 'review', fields: { priority: 'low' } });
    await driver.play({ type: 'confirm' });
    await driver.act(() => driver.network.respond('put', PATH, apiError(500, 'boom')));
    await driver.act(() => settleMicrotasks());
    expect(driver.actor.getSnapshot().context.error).toBe('boom');
    await driver.play({ type: 'retry' });
    expect(driver.network.callsTo('put', PATH)).toHaveLength(2);
    await driver.play({
      type: 'xstate.error.actor.bulkUpdate',
      error: new Error('Request failed with status code 502'),
    });
    await driver.play({ type: 'back' });
    expect(driver.actor.getSnapshot().matches('Selecting')).toBe(true);
  });
});
