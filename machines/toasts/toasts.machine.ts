import { assign, enqueueActions, setup } from 'xstate';
import {
  AUTO_CLOSE_MS,
  HISTORY_SIZE,
  type Notification,
  type ToastsContext,
  type ToastsInput,
} from './toasts.context.ts';
import type { ToastsEvent } from './toasts.events.ts';

function nextIdAfter(history: readonly Notification[]): number {
  return history.reduce((max, n) => Math.max(max, Number(n.id.replace(/^n/, '')) || 0), 0) + 1;
}

function toNotification(event: Extract<ToastsEvent, { type: 'notify' }>, id: string): Notification {
  const autoClose = event.autoClose === undefined ? AUTO_CLOSE_MS : event.autoClose;
  return {
    id,
    severity: event.severity ?? 'info',
    title: event.title,
    message: event.message,
    timestamp: event.timestamp,
    user: event.user ?? null,
    autoClose: autoClose === false || autoClose <= 0 ? false : autoClose,
  };
}

/**
 * Notifications (spec 1, sections 2.2, 3 and 4.5). Every notification goes to the history (the
 * last 20, persisted with the session). While a toast area is mounted (`Hosted`), it also shows
 * as a toast that closes itself after its autoClose time (10000 ms by default) or by hand; when
 * the area goes away, its toasts go too. Auto-close is a delayed `auto-close` event the machine
 * sends itself, cancelled when the toast is closed earlier.
 */
export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
    input: {} as ToastsInput | undefined,
  },
  actions: {
    record: assign(({ context, event }) => {
      if (event.type !== 'notify') return {};
      const notification = toNotification(event, `n${context.nextId}`);
      return { history: [...context.history, notification].slice(-HISTORY_SIZE), nextId: context.nextId + 1 };
    }),
    show: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'notify') return;
      const notification = context.history.at(-1);
      if (!notification) return;
      enqueue.assign({ toasts: [...context.toasts, notification] });
      if (notification.autoClose !== false) {
        enqueue.raise(
          { type: 'auto-close', id: notification.id },
          { id: notification.id, delay: notification.autoClose },
        );
      }
    }),
    remove: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'close' && event.type !== 'auto-close') return;
      enqueue.cancel(event.id);
      enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== event.id) });
    }),
    removeAll: enqueueActions(({ context, enqueue }) => {
      for (const toast of context.toasts) enqueue.cancel(toast.id);
      enqueue.assign({ toasts: [] });
    }),
  },
}).createMachine({
  id: 'toasts',
  context: ({ input }) => {
    const history = [...(input?.history ?? [])].slice(-HISTORY_SIZE);
    return { toasts: [], history, nextId: nextIdAfter(history) };
  },
  initial: 'Unhosted',
  states: {
    Unhosted: {
      on: {
        'host-mounted': 'Hosted',
        notify: { actions: 'record' },
      },
    },
    Hosted: {
      exit: 'removeAll',
      on: {
        'host-gone': 'Unhosted',
        notify: { actions: ['record', 'show'] },
        close: { actions: 'remove' },
        'auto-close': { actions: 'remove' },
      },
    },
  },
});
