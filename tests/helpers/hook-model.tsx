import { afterEach, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { apiError, type FakeNetwork, freshNetwork } from './fake-network.ts';
import { describePath, hookPlayer, type NetworkOutcomes } from './machine-model.ts';
import { renderAppHook } from './render-hook.tsx';
import { signIn } from './signed-in-session.tsx';

/**
 * Model tests of a feature's machine hook (agent action, search job, breach look-up): each test
 * signs in over a fresh fake network, renders the page's real hook and plays the model's events
 * on it. The pieces every such test repeats are here.
 */

/** What the page's hook hands out: its machine's `send` and current snapshot. */
interface MachineHook<TSnapshot> {
  send(event: never): void;
  snapshot: TSnapshot;
}

/**
 * `start(...args)` renders `useHook(...args)` signed in on a fresh network and returns the hook,
 * the network and a player answering calls with `outcomes`. Each hook is unmounted after its test.
 */
export function hookStarter<TArgs extends unknown[], TSnapshot>(
  useHook: (...args: TArgs) => MachineHook<TSnapshot>,
  outcomes: NetworkOutcomes,
) {
  const unmounts: (() => void)[] = [];
  afterEach(() => {
    for (const unmount of unmounts.splice(0)) unmount();
  });
  return async (...args: TArgs) => {
    const network = freshNetwork();
    signIn(network);
    const hook = await renderAppHook(() => useHook(...args));
    unmounts.push(hook.unmount);
    return { ...hook, network, ...hookPlayer(hook, network, outcomes) };
  };
}

/** A model's `{ code, message }` error answered by the fake server with the status of its code. */
export const failureByCode =
  (statuses: Record<string, number>) =>
  (error: { code: string; message: string }): Response =>
    apiError(statuses[error.code]!, error.message);

interface ModelStep {
  event: AnyEventObject;
  state: { value: unknown; context: unknown };
}

/** The states the model's paths pass through. */
export const statesReached = (paths: readonly { steps: readonly ModelStep[] }[]) =>
  new Set(paths.flatMap((p) => p.steps.map((s) => s.state.value)));

interface RealSnapshot {
  value: unknown;
  context: unknown;
  matches(state: never): boolean;
}

/**
 * One test per model path: every step is played on the real hook, whose state and context must
 * be the model's (`comparable` drops what the model cannot know); `check` then looks at the calls
 * the network saw in that state.
 */
export function itFollowsEveryPath<TSnapshot extends RealSnapshot>(
  paths: readonly { steps: readonly ModelStep[] }[],
  start: () => Promise<{
    play(event: AnyEventObject): Promise<void>;
    actor: { getSnapshot(): TSnapshot };
    network: FakeNetwork;
  }>,
  options: {
    comparable?: (context: object) => unknown;
    check(real: TSnapshot, network: FakeNetwork): void;
  },
) {
  const comparable = options.comparable ?? ((context: object) => context);
  for (const path of paths) {
    it(describePath(path.steps), async () => {
      const driver = await start();
      for (const s of path.steps) {
        await driver.play(s.event);
        const real = driver.actor.getSnapshot();
        expect(real.value, s.event.type).toEqual(s.state.value);
        expect(comparable(real.context as object), s.event.type).toEqual(
          comparable(s.state.context as object),
        );
        options.check(real, driver.network);
      }
    });
  }
}
