import { type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';

/**
 * A machine as xstate/graph can walk it. Graph traversal does not run invocations or delays, so
 * each is turned into the events that end it (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`,
 * `xstate.after.<delay>.<state id>`): the traversal then takes every answer a call can give.
 * Transitions, guards and actions stay the machine's own. The tests, the `machines` script and
 * the Machines tab all walk machines through this one copy.
 */

type Config = Record<string, unknown> & {
  invoke?: { id: string; onDone?: unknown; onError?: unknown } | { id: string }[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, Config>;
};

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

/** How a machine is walked: which events can happen, from which input. */
export interface ModelOptions<TInput = unknown> {
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
}

/** The machine with its calls and delays as events, its own implementations kept. */
export function walkableMachine(machine: AnyStateMachine, sharedClock = false): AnyStateMachine {
  const config = effectsAsEvents(machine.config as unknown as Config, machine.id, sharedClock);
  return createMachine(config as never, machine.implementations as never);
}

/** The events a state lets happen under the options' filter and impossible outcomes. */
export function eventFilter(options: Pick<ModelOptions, 'impossible' | 'filterEvents'>) {
  const { impossible = [], filterEvents } = options;
  return (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
    !impossible.includes(event.type) && (filterEvents?.(snapshot, event) ?? true);
}

/** The test model of a machine: its own transitions, with calls and delays as sample events. */
export function machineModel<TInput>(machine: AnyStateMachine, options: ModelOptions<TInput>) {
  const { impossible, filterEvents, sharedClock = false, ...rest } = options;
  return createTestModel(walkableMachine(machine, sharedClock), {
    ...rest,
    filterEvents: eventFilter({ impossible, filterEvents }),
  } as never);
}

/**
 * A path's steps as one line: `done.actor.loadUser → {"Ready":"Idle"}, …`; `detail` adds what
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
