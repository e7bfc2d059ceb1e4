import { type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { type FakeNetwork, settleMicrotasks } from './fake-network.ts';

/**
 * Model-based testing of the machines in machines/: paths generated from the machine itself with
 * xstate/graph, and a player that walks each path on the web app's real machine and actors, the
 * actors' calls answered by the typed fake network.
 */

type Config = Record<string, unknown> & {
  invoke?: { id: string; onDone?: unknown; onError?: unknown } | { id: string }[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, Config>;
};

/**
 * The machine's config with each invocation and delay turned into the events that end it
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`):
 * xstate/graph does not run invocations or delays, and this way the traversal takes every
 * answer a call can give. Transitions, guards and actions stay the machine's own.
 */
function effectsAsEvents(node: Config, id: string, sharedClock: boolean): Config {
  const { invoke, after, states, on, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  for (const invocation of [invoke ?? []].flat() as { id: string; onDone?: unknown; onError?: unknown }[]) {
    if (invocation.onDone) events[`xstate.done.actor.${invocation.id}`] = invocation.onDone;
    if (invocation.onError) events[`xstate.error.actor.${invocation.id}`] = invocation.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {}))
    events[sharedClock ? `xstate.after.${delay}` : `xstate.after.${delay}.${id}`] = transition;
  const result: Config = { ...rest, on: events };
  if (states) {
    result.states = Object.fromEntries(
      Object.entries(states).map(([k, v]) => [k, effectsAsEvents(v, `${id}.${k}`, sharedClock)]),
    );
  }
  return result;
}

/** The test model of a machine: its own transitions, with calls and delays as sample events. */
export function machineModel<TInput>(
  machine: AnyStateMachine,
  options: {
    events: AnyEventObject[];
    input: TInput;
    /**
     * Call outcomes the machine handles but the web app's actors never produce (an actor that
     * catches every failure, say): the paths leave them out.
     */
    impossible?: string[];
    /** Which events can happen in a state (a modal dialog open, say); all by default. */
    filterEvents?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
    /**
     * One event per named delay (`xstate.after.<delay>`) instead of one per state: parallel
     * regions waiting on the same delay fire together, as one clock does when events take no
     * time and the test waits the delay out after the last one.
     */
    sharedClock?: boolean;
  },
) {
  const { impossible = [], filterEvents, sharedClock = false, ...rest } = options;
  const config = effectsAsEvents(machine.config as unknown as Config, machine.id, sharedClock);
  const model: AnyStateMachine = createMachine(config as never, machine.implementations as never);
  return createTestModel(model, {
    ...rest,
    filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
      !impossible.includes(event.type) && (filterEvents?.(snapshot, event) ?? true),
  } as never);
}

/**
 * A path's steps as a test name: `done.actor.loadUser → {"Ready":"Idle"}, …`; `detail` adds what
 * tells sample events of one type apart (the text typed, say).
 */
export const describePath = (
  steps: readonly { event: AnyEventObject; state: { value: unknown } }[],
  detail: (event: AnyEventObject) => string = () => '',
) =>
  steps
    .map((s) => {
      const more = detail(s.event);
      return `${s.event.type.replace('xstate.', '')}${more ? ` ${more}` : ''} → ${JSON.stringify(s.state.value)}`;
    })
    .join(', ') || 'start';

/**
 * How each model event that ends a call happens on the fake network: the answer the server gives
 * so that the real actor resolves or rejects the way the event says. Keyed by the event's type;
 * several sample events of one type are told apart by the event itself.
 */
export type NetworkOutcomes = Record<string, (event: AnyEventObject, network: FakeNetwork) => Promise<void>>;

/**
 * Plays one model event on the running actor: a call's outcome is answered on the network, a
 * delay is waited out with `advance`, anything else is sent as the user would.
 */
export async function playEvent(
  actor: { send(event: never): void; getSnapshot(): unknown },
  event: AnyEventObject,
  network: FakeNetwork,
  outcomes: NetworkOutcomes,
  options: {
    /** Waits out a named delay of the machine (fake timers). */
    advance?: (delay: string) => Promise<void>;
    /**
     * Whether to wait for the snapshot to change after an answer (true by default). A hook
     * rendered inside React's act sees its new snapshot only when act ends: pass false there.
     */
    waitForChange?: boolean;
  } = {},
): Promise<void> {
  const outcome = outcomes[event.type];
  if (outcome) {
    const before = actor.getSnapshot();
    await outcome(event, network);
    if (options.waitForChange === false) return;
    // The actor may still be working on the answer (a digest on the thread pool, a second call):
    // give it its turns, up to a second, for as long as nothing has changed.
    const until = performance.now() + 1000;
    while (actor.getSnapshot() === before && performance.now() < until) await settleMicrotasks(1);
    return;
  }
  if (/^xstate\.(done|error)\.actor\./.test(event.type)) {
    throw new Error(`no network outcome for ${event.type}: add it to the test's outcomes`);
  }
  const delay = /^xstate\.after\.([^.]+)/.exec(event.type);
  if (delay) {
    if (!options.advance) throw new Error(`${event.type} needs a clock: pass advance`);
    return options.advance(delay[1]!);
  }
  actor.send(event as never);
}

/** A rendered feature hook that hands out its machine's `send` and current `snapshot`. */
interface RenderedMachineHook<TSnapshot> {
  result: { current: { send(event: never): void; snapshot: TSnapshot } };
  act(work: () => Promise<void> | void): Promise<void>;
}

/**
 * Drives a feature's hook (rendered with renderAppHook) along model paths: `actor` is what
 * playEvent needs, `play` plays one event inside React's act and lets the answer's effects run.
 */
export function hookPlayer<TSnapshot>(
  hook: RenderedMachineHook<TSnapshot>,
  network: FakeNetwork,
  outcomes: NetworkOutcomes,
  options: { advance?: (delay: string) => Promise<void> } = {},
) {
  const actor = {
    send: (event: never) => hook.result.current.send(event),
    getSnapshot: (): TSnapshot => hook.result.current.snapshot,
  };
  const play = async (event: AnyEventObject) => {
    await hook.act(() => playEvent(actor, event, network, outcomes, { ...options, waitForChange: false }));
    await hook.act(() => settleMicrotasks());
  };
  return { actor, play };
}
