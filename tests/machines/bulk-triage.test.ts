import { describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  createMachine,
  fromPromise,
  type SnapshotFrom,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { BulkRequest, BulkResult, BulkTargets } from '../../machines/bulk-triage/bulk-triage.context.ts';
import type { BulkTriageEvent } from '../../machines/bulk-triage/bulk-triage.events.ts';
import { bulkTriageMachine, commonTargets } from '../../machines/bulk-triage/bulk-triage.machine.ts';
import { selectFailedIds } from '../../machines/bulk-triage/selectors.ts';
import { allowedTargets } from '../../src/common/transitions.ts';

type Snapshot = SnapshotFrom<typeof bulkTriageMachine>;
type Config = Record<string, unknown> & {
  invoke?: { id: string; onDone?: unknown; onError?: unknown };
  on?: Record<string, unknown>;
  states?: Record<string, Config>;
};

/** The machine's config with each invocation turned into the events that end it, so the graph can take every branch. */
function effectsAsEvents(node: Config): Config {
  const { invoke, states, on, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  if (invoke?.onDone) events[`xstate.done.actor.${invoke.id}`] = invoke.onDone;
  if (invoke?.onError) events[`xstate.error.actor.${invoke.id}`] = invoke.onError;
  const result: Config = { ...rest, on: events };
  if (states)
    result.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, effectsAsEvents(v)]));
  return result;
}

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

function model() {
  const config = effectsAsEvents(bulkTriageMachine.config as unknown as Config);
  const graph: AnyStateMachine = createMachine(config as never, bulkTriageMachine.implementations as never);
  const types = new Set(EVENTS.map((e) => e.type));
  return createTestModel(graph, {
    events: EVENTS,
    filterEvents: (_: unknown, e: AnyEventObject) => types.has(e.type),
  });
}

function drive() {
  const requests: BulkRequest[] = [];
  let pending: { resolve(v: BulkResult): void; reject(e: unknown): void } | null = null;
  const actor = createActor(
    bulkTriageMachine.provide({
      actors: {
        bulkUpdate: fromPromise<BulkResult, BulkRequest>(({ input }) => {
          requests.push(input);
          return new Promise<BulkResult>((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
    }),
  ).start();
  async function play(event: AnyEventObject) {
    if (event.type.startsWith('xstate.')) {
      const call = pending as { resolve(v: BulkResult): void; reject(e: unknown): void } | null;
      if (!call) throw new Error('no bulk update is waiting');
      pending = null;
      if (event.type.startsWith('xstate.done'))
        call.resolve((event as unknown as { output: BulkResult }).output);
      else call.reject((event as unknown as { error: unknown }).error);
      for (let i = 0; i < 5; i++) await Promise.resolve();
    } else actor.send(event as BulkTriageEvent);
  }
  return { actor, requests, play, isWaiting: () => pending !== null };
}

describe('bulk-triage machine, paths generated from the model', () => {
  const paths = model().getShortestPaths();

  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const v of ['Idle', 'Selecting', 'Confirming', 'Running', 'Done', 'Failed'])
      expect(values).toContain(`"${v}"`);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const driver = drive();
      const play = async ({ event }: { event: AnyEventObject }) => driver.play(event);
      await path.test({
        events: Object.fromEntries(EVENTS.map((e) => [e.type, play])),
        states: {
          '*': (state) => {
            const real = driver.actor.getSnapshot() as Snapshot;
            expect(real.value).toEqual(state.value);
            expect(real.context).toEqual(state.context);
            expect(driver.isWaiting()).toBe(real.matches('Running'));
            // Only a status every target may move to is ever offered or sent.
            const { status } = real.context.fields;
            if (status) expect(real.context.allowedStatuses).toContain(status);
            if (real.matches('Running')) {
              expect(driver.requests.at(-1)).toEqual({
                targets: real.context.targets,
                fields: real.context.fields,
                comment: real.context.comment,
                commentPrivate: real.context.commentPrivate,
              });
            }
            if (real.matches('Idle')) expect(real.context.targets).toBeNull();
          },
        },
      });
      driver.actor.stop();
    });
  }
});

describe('bulk-triage machine, scenarios', () => {
  it('offers only the statuses every selected alert may move to', () => {
    expect(commonTargets(['new', 'open'])).toEqual(
      (allowedTargets('new') as string[]).filter((s) => (allowedTargets('open') as string[]).includes(s)),
    );
    expect(commonTargets(['new', 'open'])).not.toContain('open');
    expect(commonTargets(['closed', 'new'])).toEqual([]);
    expect(commonTargets(['closed', 'false_positive'])).toEqual(['reopened']);
  });

  it('closes a batch as false positive with a comment; the failed alerts are reported', async () => {
    const driver = drive();
    await driver.play({ type: 'open', targets: PICKED });
    await driver.play({
      type: 'review',
      fields: { status: 'false_positive' },
      comment: ' scanner ',
      commentPrivate: false,
    });
    expect(driver.actor.getSnapshot().matches('Confirming')).toBe(true);
    await driver.play({ type: 'confirm' });
    expect(driver.requests[0]).toEqual({
      targets: PICKED,
      fields: { status: 'false_positive' },
      comment: 'scanner',
      commentPrivate: false,
    });
    await driver.play({ type: 'xstate.done.actor.bulkUpdate', output: RESULT });
    expect(driver.actor.getSnapshot().matches('Done')).toBe(true);
    expect(selectFailedIds(driver.actor.getSnapshot())).toEqual([12, 13]);
  });

  it('refuses an empty change and a status not allowed for all', async () => {
    const driver = drive();
    await driver.play({ type: 'open', targets: PICKED });
    await driver.play({ type: 'review', fields: {} });
    await driver.play({ type: 'review', fields: { status: 'reopened' } });
    expect(driver.actor.getSnapshot().matches('Selecting')).toBe(true);
  });

  it('a failed request can be retried, or the form changed', async () => {
    const driver = drive();
    await driver.play({ type: 'open', targets: ALL });
    await driver.play({ type: 'review', fields: { priority: 'low' } });
    await driver.play({ type: 'confirm' });
    await driver.play({ type: 'xstate.error.actor.bulkUpdate', error: new Error('boom') });
    expect(driver.actor.getSnapshot().context.error).toBe('boom');
    await driver.play({ type: 'retry' });
    expect(driver.requests).toHaveLength(2);
    await driver.play({ type: 'xstate.error.actor.bulkUpdate', error: new Error('boom') });
    await driver.play({ type: 'back' });
    expect(driver.actor.getSnapshot().matches('Selecting')).toBe(true);
  });
});
