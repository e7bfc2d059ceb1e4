import { assign, fromPromise, setup } from 'xstate';
import { asContractError } from '../shared/contract-error.ts';
import type {
  AlertChange,
  AlertState,
  AlertStatusContext,
  AlertStatusInput,
  SaveError,
  SaveInput,
} from './alert-status.context.ts';
import type { AlertStatusEvent } from './alert-status.events.ts';

/** Reads an error thrown by an actor as the contract's error shape. */
export const asSaveError: (error: unknown) => SaveError = asContractError;

/** A status change must be one of the alert's allowed transitions; other fields are free. */
export function changeAllowed(alert: AlertState, change: AlertChange): boolean {
  const keys = Object.keys(change) as (keyof AlertChange)[];
  if (keys.length === 0) return false;
  if (change.status !== undefined && change.status !== alert.status) {
    return alert.allowed_transitions.includes(change.status);
  }
  return keys.some((key) => change[key] !== alert[key]);
}

/**
 * Changing one alert's status, priority or classification from its screen (DESIGN section 6):
 * Idle → Choosing (dialog open) → Saving → Saved, or Conflict when someone else changed the
 * alert since it was read (409 conflict: Reload reads it again and the person decides anew), or
 * Failed. The save and the reload are injected actors (`saveAlert`, `loadAlert`).
 */
export const alertStatusMachine = setup({
  types: {
    context: {} as AlertStatusContext,
    events: {} as AlertStatusEvent,
    input: {} as AlertStatusInput,
  },
  actors: {
    saveAlert: fromPromise<AlertState, SaveInput>(async () => {
      throw new Error('saveAlert is provided by the screen');
    }),
    loadAlert: fromPromise<AlertState, { id: number }>(async () => {
      throw new Error('loadAlert is provided by the screen');
    }),
  },
  actions: {
    open: assign(({ event }) => (event.type === 'open' ? { field: event.field, error: null } : {})),
    choose: assign(({ event }) =>
      event.type === 'choose' ? { change: event.change, comment: event.comment?.trim() || null } : {},
    ),
    close: assign({ field: null, error: null }),
    syncAlert: assign(({ event }) => (event.type === 'alert-loaded' ? { alert: event.alert } : {})),
  },
  guards: {
    allowed: ({ context, event }) => event.type === 'choose' && changeAllowed(context.alert, event.change),
    isConflict: ({ event }) => asSaveError((event as { error?: unknown }).error).code === 'conflict',
    hasChange: ({ context }) => context.change !== null,
  },
}).createMachine({
  id: 'alertStatus',
  context: ({ input }) => ({ alert: input.alert, field: null, change: null, comment: null, error: null }),
  initial: 'Idle',
  states: {
    Idle: {
      on: {
        open: { target: 'Choosing', actions: 'open' },
        'alert-loaded': { actions: 'syncAlert' },
      },
    },
    Choosing: {
      on: {
        choose: { guard: 'allowed', target: 'Saving', actions: 'choose' },
        cancel: { target: 'Idle', actions: 'close' },
        'alert-loaded': { actions: 'syncAlert' },
      },
    },
    Saving: {
      invoke: {
        id: 'saveAlert',
        src: 'saveAlert',
        input: ({ context }) => ({
          id: context.alert.id,
          version: context.alert.version,
          change: context.change ?? {},
          comment: context.comment,
        }),
        onDone: { target: 'Saved', actions: assign({ alert: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: 'isConflict',
            target: 'Conflict',
            actions: assign({ error: ({ event }) => asSaveError(event.error) }),
          },
          { target: 'Failed', actions: assign({ error: ({ event }) => asSaveError(event.error) }) },
        ],
      },
    },
    Saved: {
      on: {
        open: { target: 'Choosing', actions: 'open' },
        cancel: { target: 'Idle', actions: 'close' },
        'alert-loaded': { target: 'Idle', actions: ['syncAlert', 'close'] },
      },
    },
    Conflict: {
      on: {
        reload: 'Reloading',
        cancel: { target: 'Idle', actions: 'close' },
      },
    },
    Reloading: {
      invoke: {
        id: 'loadAlert',
        src: 'loadAlert',
        input: ({ context }) => ({ id: context.alert.id }),
        // The person sees the alert as it is now and chooses again.
        onDone: { target: 'Choosing', actions: assign({ alert: ({ event }) => event.output, error: null }) },
        onError: { target: 'Failed', actions: assign({ error: ({ event }) => asSaveError(event.error) }) },
      },
    },
    Failed: {
      on: {
        retry: { guard: 'hasChange', target: 'Saving' },
        open: { target: 'Choosing', actions: 'open' },
        cancel: { target: 'Idle', actions: 'close' },
        'alert-loaded': { actions: 'syncAlert' },
      },
    },
  },
});
