import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type Notification, SEVERITIES, type Severity } from '../../../../machines/toasts/toasts.context.ts';
import { toastsMachine } from '../../../../machines/toasts/toasts.machine.ts';
import { useSession } from '../../session/use-session.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../local-storage.ts';

type ToastsActor = ActorRefFrom<typeof toastsMachine>;

const ToastsContext = createContext<ToastsActor | null>(null);

function isNotification(value: unknown): value is Notification {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  return (
    typeof n.id === 'string' &&
    typeof n.title === 'string' &&
    typeof n.message === 'string' &&
    typeof n.timestamp === 'number' &&
    SEVERITIES.includes(n.severity as Severity)
  );
}

const isNotificationList = (value: unknown): value is Notification[] =>
  Array.isArray(value) && value.every(isNotification);

/** Holds the notifications (machines/toasts); the last 20 are kept in local storage (spec 1, §3). */
export function ToastsProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(toastsMachine, {
    input: { history: readJson(STORAGE_KEYS.notifications, [], isNotificationList) },
  });
  useEffect(() => {
    let previous = actor.getSnapshot().context.history;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.context.history === previous) return;
      previous = snapshot.context.history;
      writeJson(STORAGE_KEYS.notifications, previous);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  return <ToastsContext.Provider value={actor}>{children}</ToastsContext.Provider>;
}

export interface NotifyOptions {
  /** info by default; danger counts as an error. */
  severity?: Severity;
  title: string;
  message: string;
  /** Milliseconds until it closes itself (10000 by default); false keeps it open. */
  autoClose?: number | false;
}

/** Raises notifications from anywhere inside the shell. */
export function useToasts(): { notify(options: NotifyOptions): void } {
  const actor = useContext(ToastsContext);
  if (!actor) throw new Error('useToasts() needs the ToastsProvider of the shell');
  const { me } = useSession();
  const user = me?.user.email ?? null;
  return useMemo(
    () => ({
      notify: (options: NotifyOptions) =>
        actor.send({ type: 'notify', ...options, timestamp: Date.now(), user }),
    }),
    [actor, user],
  );
}

/** The toasts actor, for the toast area. */
export function useToastsActor(): ToastsActor {
  const actor = useContext(ToastsContext);
  if (!actor) throw new Error('the toast area needs the ToastsProvider of the shell');
  return actor;
}
