import type { AnyEventObject } from 'xstate';
import type {
  Mute,
  MuteLifecycleInput,
  MuteOpening,
} from '../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { useMuteLifecycle } from '../../src/web/features/mutes/use-mute-lifecycle.ts';
import { freshNetwork } from '../helpers/fake-network.ts';
import { playEvent } from '../helpers/machine-model.ts';
import { renderAppHook } from '../helpers/render-hook.tsx';
import { signIn } from '../helpers/signed-in-session.tsx';
import { CUSTOMER, OUTCOMES } from './mute-lifecycle-network.ts';

/**
 * The mutes page's lifecycle hook driven by the machine tests (mute-lifecycle*.test.ts). A test
 * file loads the fake network first (vi.hoisted), as the web app's client captures fetch.
 */
const unmounts: (() => void)[] = [];

/** After each test: unmounts the hooks it started and forgets the stored session. */
export function stopAll() {
  for (const unmount of unmounts.splice(0)) unmount();
  localStorage.clear();
}

/** The mutes page's lifecycle hook for one mute (or a new one), over a fresh fake network. */
export async function start(input: MuteLifecycleInput) {
  const network = freshNetwork();
  signIn(network);
  const changed: { mute: Mute; operation: string }[] = [];
  let closed = 0;
  const opened: MuteOpening[] = [];
  const hooks = {
    onChanged: (mute: Mute, operation: string) => changed.push({ mute, operation }),
    onClosed: () => {
      closed++;
    },
    onOpen: (opening: MuteOpening) => opened.push(opening),
  };
  const hook = await renderAppHook(() => useMuteLifecycle(input.mute, input.customerId ?? CUSTOMER, hooks));
  unmounts.push(hook.unmount);
  const actor = hook.result.current;
  const signInCalls = network.calls.length;
  return {
    ...hook,
    network,
    /** The requests made since the user was signed in. */
    requests: () => network.calls.slice(signInCalls),
    actor,
    changed,
    closed: () => closed,
    /** What the panel was handed over to, in order. */
    opened,
    play: (event: AnyEventObject) => hook.act(() => playEvent(actor, event, network, OUTCOMES)),
    send: (event: AnyEventObject) => hook.act(() => actor.send(event as never)),
  };
}

export type Driver = Awaited<ReturnType<typeof start>>;
