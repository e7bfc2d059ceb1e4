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
import type { AlertState, SaveInput } from '../../machines/alert-status/alert-status.context.ts';
import type { AlertStatusEvent } from '../../machines/alert-status/alert-status.events.ts';
import { alertStatusMachine, changeAllowed } from '../../machines/alert-status/alert-status.machine.ts';
import { selectDialogOpen } from '../../machines/alert-status/selectors.ts';

type Snapshot = SnapshotFrom<typeof alertStatusMachine>;
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

const ALERT: AlertState = {
  id: 42,
  version: 3,
  status: 'new',
  priority: 'high',
  classification: null,
  allowed_transitions: ['open', 'acknowledged', 'closed', 'false_positive'],
};
const SAVED: AlertState = { ...ALERT, version: 4, status: 'closed', allowed_transitions: ['reopened'] };
const FRESH: AlertState = {
  ...ALERT,
  version: 5,
  status: 'acknowledged',
  allowed_transitions: ['open', 'closed'],
};

const EVENTS: AnyEventObject[] = [
  { type: 'open', field: 'status' },
  { type: 'open', field: 'priority' },
  { type: 'choose', change: { status: 'closed' }, comment: 'done' },
  { type: 'choose', change: { status: 'reopened' } },
  { type: 'choose', change: { priority: 'low' } },
  { type: 'cancel' },
  { type: 'reload' },
  { type: 'retry' },
  { type: 'xstate.done.actor.saveAlert', output: SAVED },
  { type: 'xstate.error.actor.saveAlert', error: { code: 'conflict', message: 'changed' } },
  { type: 'xstate.error.actor.saveAlert', error: { code: 'invalid_transition', message: 'no' } },
  { type: 'xstate.done.actor.loadAlert', output: FRESH },
  { type: 'xstate.error.actor.loadAlert', error: { code: 'error', message: 'offline' } },
];

function model() {
  const config = effectsAsEvents(alertStatusMachine.config as unknown as Config);
  const graph: AnyStateMachine = createMachine(config as never, alertStatusMachine.implementations as never);
  const types = new Set(EVENTS.map((e) => e.type));
  return createTestModel(graph, {
    events: EVENTS,
    filterEvents: (_: unknown, e: AnyEventObject) => types.has(e.type),
    input: { alert: ALERT },
  });
}

/** The real machine with fake save and load actors that wait until the test settles them. */
function drive() {
  const waiting = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const calls: { actor: string; input: unknown }[] = [];
  const fake = <O, I>(name: string) =>
    fromPromise<O, I>(({ input }) => {
      calls.push({ actor: name, input });
      return new Promise<O>((resolve, reject) =>
        waiting.set(name, { resolve: resolve as (v: unknown) => void, reject }),
      );
    });
  const actor = createActor(
    alertStatusMachine.provide({
      actors: {
        saveAlert: fake<AlertState, SaveInput>('saveAlert'),
        loadAlert: fake<AlertState, { id: number }>('loadAlert'),
      },
    }),
    { input: { alert: ALERT } },
  ).start();
  async function play(event: AnyEventObject) {
    const done = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!done) {
      actor.send(event as AlertStatusEvent);
      return;
    }
    const call = waiting.get(done[2]!);
    if (!call) throw new Error(`no ${done[2]} call is waiting`);
    waiting.delete(done[2]!);
    if (done[1] === 'done') call.resolve((event as { output?: unknown }).output);
    else call.reject((event as { error?: unknown }).error);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }
  return { actor, waiting, calls, play };
}

describe('alert-status machine, paths generated from the model', () => {
  const paths = model().getShortestPaths();

  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const v of ['Idle', 'Choosing', 'Saving', 'Saved', 'Conflict', 'Reloading', 'Failed'])
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
            // The fake call runs exactly while the machine waits on it.
            expect(driver.waiting.has('saveAlert')).toBe(real.matches('Saving'));
            expect(driver.waiting.has('loadAlert')).toBe(real.matches('Reloading'));
            if (real.matches('Saving')) {
              expect(driver.calls.at(-1)).toEqual({
                actor: 'saveAlert',
                input: {
                  id: 42,
                  version: real.context.alert.version,
                  change: real.context.change,
                  comment: real.context.comment,
                },
              });
            }
          },
        },
      });
      driver.actor.stop();
    });
  }
});

describe('alert-status machine, scenarios', () => {
  it('only allowed transitions are accepted', () => {
    expect(changeAllowed(ALERT, { status: 'closed' })).toBe(true);
    expect(changeAllowed(ALERT, { status: 'reopened' })).toBe(false);
    expect(changeAllowed(ALERT, { priority: 'high' })).toBe(false);
    expect(changeAllowed(ALERT, { priority: 'low' })).toBe(true);
    const { actor } = drive();
    actor.send({ type: 'open', field: 'status' });
    actor.send({ type: 'choose', change: { status: 'reopened' } });
    expect(actor.getSnapshot().matches('Choosing')).toBe(true);
  });

  it('a 409 conflict offers Reload, which shows the alert as it is now and lets the person choose again', async () => {
    const driver = drive();
    await driver.play({ type: 'open', field: 'status' });
    await driver.play({ type: 'choose', change: { status: 'closed' }, comment: '  checked  ' });
    expect(driver.calls[0]).toEqual({
      actor: 'saveAlert',
      input: { id: 42, version: 3, change: { status: 'closed' }, comment: 'checked' },
    });
    await driver.play({
      type: 'xstate.error.actor.saveAlert',
      error: { code: 'conflict', message: 'This alert was changed' },
    });
    expect(driver.actor.getSnapshot().matches('Conflict')).toBe(true);
    expect(selectDialogOpen(driver.actor.getSnapshot())).toBe(true);
    await driver.play({ type: 'reload' });
    await driver.play({ type: 'xstate.done.actor.loadAlert', output: FRESH });
    const snapshot = driver.actor.getSnapshot();
    expect(snapshot.matches('Choosing')).toBe(true);
    expect(snapshot.context.alert.version).toBe(5);
    await driver.play({ type: 'choose', change: { status: 'closed' } });
    expect(driver.calls.at(-1)?.input).toMatchObject({ version: 5 });
  });

  it('a save that fails otherwise can be retried with the same change', async () => {
    const driver = drive();
    await driver.play({ type: 'open', field: 'priority' });
    await driver.play({ type: 'choose', change: { priority: 'low' } });
    await driver.play({
      type: 'xstate.error.actor.saveAlert',
      error: new Error('Request failed with status code 500'),
    });
    expect(driver.actor.getSnapshot().context.error).toEqual({
      code: 'error',
      message: 'Request failed with status code 500',
    });
    await driver.play({ type: 'retry' });
    await driver.play({
      type: 'xstate.done.actor.saveAlert',
      output: { ...ALERT, priority: 'low', version: 4 },
    });
    expect(driver.actor.getSnapshot().matches('Saved')).toBe(true);
    expect(driver.actor.getSnapshot().context.alert.priority).toBe('low');
  });
});
