import type * as XStateReact from '@xstate/react';

/**
 * The actors the web app's hooks made, by machine id: a hook that keeps its actor inside (the
 * omnibox's) can still be compared with its model. Install in a test file with
 *
 *   vi.mock('@xstate/react', async (original) =>
 *     (await import('../helpers/made-actors.ts')).recordingActors(await original()));
 *
 * The hooks run unchanged; useActorRef only notes the actor it returns.
 */
export const madeActors = new Map<string, unknown>();

export function recordingActors(original: typeof XStateReact): typeof XStateReact {
  const useActorRef: typeof original.useActorRef = (logic, ...rest) => {
    const ref = original.useActorRef(logic, ...rest);
    madeActors.set((logic as { id?: string }).id ?? '', ref);
    return ref;
  };
  return { ...original, useActorRef };
}
