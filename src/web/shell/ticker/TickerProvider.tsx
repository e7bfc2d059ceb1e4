import { useActorRef } from '@xstate/react';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { tickerMachine } from '../../../../machines/ticker/ticker.machine.ts';
import { useSession } from '../../session/use-session.ts';
import { createStore } from '../store.ts';

/** What the two periodic timers trigger: 'refresh' every 60 s, 'reload' every 5 minutes. */
export type TickerTopic = 'refresh' | 'reload';

interface TickerApi {
  on(topic: TickerTopic, listener: () => void): () => void;
  /** Runs the refresh listeners now (e.g. the customer selection changed). */
  refreshNow(): void;
}

const nowStore = createStore(Date.now());
const TickerContext = createContext<TickerApi | null>(null);

/**
 * Runs the console's timers (machines/ticker) while a user is signed in (spec 1, section 4.3):
 * the clock behind useNow() every second, 'refresh' every 60 s (counts and merged agent data),
 * 'reload' every 5 minutes (customers and users lists, which change rarely).
 */
export function TickerProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const listeners = useRef(new Map<TickerTopic, Set<() => void>>());
  const [machine] = useState(() => {
    const emit = (topic: TickerTopic) => {
      for (const listener of listeners.current.get(topic) ?? []) listener();
    };
    return tickerMachine.provide({
      actions: {
        tick: () => nowStore.set(Date.now()),
        refresh: () => emit('refresh'),
        reload: () => emit('reload'),
      },
    });
  });
  const actor = useActorRef(machine, { input: {} });

  useEffect(() => {
    actor.send({ type: status === 'ready' ? 'user-present' : 'user-gone' });
  }, [actor, status]);

  const [api] = useState<TickerApi>(() => ({
    on(topic, listener) {
      const set = listeners.current.get(topic) ?? new Set();
      set.add(listener);
      listeners.current.set(topic, set);
      return () => set.delete(listener);
    },
    refreshNow: () => actor.send({ type: 'refresh-now' }),
  }));

  return <TickerContext.Provider value={api}>{children}</TickerContext.Provider>;
}

const noSubscription = () => () => undefined;

/**
 * The current time, updated every second while a user is signed in. With `live` false the
 * component does not re-render each second (e.g. a timestamp that is not relative).
 */
export function useNow(live = true): number {
  return useSyncExternalStore(live ? nowStore.subscribe : noSubscription, nowStore.get, nowStore.get);
}

/** Calls `listener` on each 'refresh' (60 s) or 'reload' (5 min) of the console's timers. */
export function useTickerEvent(topic: TickerTopic, listener: () => void) {
  const api = useContext(TickerContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => api?.on(topic, () => latest.current()), [api, topic]);
}

/** Triggers a refresh at once; a no-op outside the provider. */
export function useRefreshNow(): () => void {
  const api = useContext(TickerContext);
  return api?.refreshNow ?? noop;
}

function noop() {}
