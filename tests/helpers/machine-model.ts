import type { AnyEventObject } from 'xstate';
import { type FakeNetwork, settleMicrotasks } from './fake-network.ts';

export { describePath, machineModel } from '../../machines/catalogue/model.ts';

/**
 * Model-based testing of the machines in machines/: paths generated from the machine itself with
 * xstate/graph, and a player that walks each path on the web app's real machine and actors, the
 * actors' calls answered by the typed fake network.
 */

/**
 * The paths without a step taken by a machine's own delay, for a machine whose delay does what
 * one of its events does (a poll timer and `poll`): the event's paths cover the same states, and
 * the hook under test runs with its timer off. A scenario checks the delay itself.
 */
export function withoutDelays<P extends { steps: readonly { event: AnyEventObject }[] }>(paths: P[]): P[] {
  return paths.filter((path) => !path.steps.some((step) => step.event.type.startsWith('xstate.after.')));
}

type ModelStep = { event: AnyEventObject; state: { value: unknown; context: unknown } };

/**
 * Fewer paths, the same coverage: of the shortest paths (one to every distinct snapshot, context
 * included, so mostly the same moves with other data), the few that between them still take every
 * transition they take: each state left by each sample event for each state reached. `detail`
 * adds what else a transition must be told apart by (a selector of the snapshot, say). Chosen
 * greedily, the path taking most transitions not yet taken first, so the choice is the same on
 * every run.
 */
export function coveringPaths<P extends { steps: readonly ModelStep[] }>(
  paths: readonly P[],
  detail: (state: ModelStep['state']) => string = () => '',
): P[] {
  const at = (step: ModelStep | undefined) =>
    step ? `${JSON.stringify(step.state.value)} ${detail(step.state)}` : 'start';
  const taken = paths.map(
    (path) =>
      new Set(
        path.steps.map((step, i) => `${at(path.steps[i - 1])} -${JSON.stringify(step.event)}-> ${at(step)}`),
      ),
  );
  const untaken = new Set(taken.flatMap((transitions) => [...transitions]));
  const chosen: P[] = [];
  while (untaken.size > 0) {
    const gains = taken.map((transitions) => [...transitions].filter((t) => untaken.has(t)).length);
    const best = gains.indexOf(Math.max(...gains));
    chosen.push(paths[best]!);
    for (const transition of taken[best]!) untaken.delete(transition);
  }
  return chosen;
}

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
