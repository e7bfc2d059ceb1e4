import { assign, fromPromise, setup } from 'xstate';
import { asContractError } from '../shared/contract-error.ts';
import type {
  ActionError,
  AgentActionContext,
  AgentActionInput,
  AgentActionStatus,
  CancelInput,
  LoadInput,
  RequestInput,
  TrackedAction,
} from './agent-action.context.ts';
import type { AgentActionEvent } from './agent-action.events.ts';

/** Reads an error thrown by an actor as the contract's error shape. */
export const asActionError: (error: unknown) => ActionError = asContractError;

/** Statuses after which nothing more happens to an action. */
export const FINISHED: readonly AgentActionStatus[] = ['succeeded', 'failed', 'expired', 'cancelled'];

const STATE_OF: Record<AgentActionStatus, string> = {
  queued: 'Queued',
  delivered: 'Delivered',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

const isStatus =
  (status: AgentActionStatus) =>
  ({ context }: { context: AgentActionContext }) =>
    context.action?.status === status;

/** Each status of the action is a state; the action as read decides which. */
const route = (Object.keys(STATE_OF) as AgentActionStatus[]).map((status) => ({
  guard: isStatus(status),
  target: STATE_OF[status],
}));

const pending = {
  after: { pollDelay: { guard: 'pollsOnItsOwn', target: 'Polling' } },
  on: {
    poll: 'Polling',
    cancel: 'ConfirmingCancel',
    'action-loaded': { target: 'Routing', actions: 'syncAction' },
  },
} as const;

/**
 * One response action as the console sees it (spec 2, section 4; issue 9): asked for
 * (Requesting), then Queued, Delivered (the agent took it at a check-in) and Running, each
 * read again after `pollDelay` (or at once on `poll`) until it ends Succeeded, Failed, Expired or Cancelled. The console
 * shows an action as done only when the agent said so. A queued or delivered action can be
 * cancelled and a running one force-cancelled, both after confirming. The calls are injected
 * actors (`requestAction`, `loadAction`, `cancelAction`).
 */
export const agentActionMachine = setup({
  types: {
    context: {} as AgentActionContext,
    events: {} as AgentActionEvent,
    input: {} as AgentActionInput,
  },
  actors: {
    requestAction: fromPromise<TrackedAction, RequestInput>(async () => {
      throw new Error('requestAction is provided by the screen');
    }),
    loadAction: fromPromise<TrackedAction, LoadInput>(async () => {
      throw new Error('loadAction is provided by the screen');
    }),
    cancelAction: fromPromise<TrackedAction, CancelInput>(async () => {
      throw new Error('cancelAction is provided by the screen');
    }),
  },
  actions: {
    setRequest: assign(({ event }) =>
      event.type === 'request' ? { request: event.request, error: null } : {},
    ),
    syncAction: assign(({ event }) => (event.type === 'action-loaded' ? { action: event.action } : {})),
    clearError: assign({ error: null }),
  },
  // The card's period between reads (an agent checks in about every minute), and whether it
  // reads on its own: provided by the screen; `poll` reads at once in any case.
  delays: { pollDelay: 5000 },
  guards: {
    pollsOnItsOwn: () => true,
    hasAction: ({ context }) => context.action !== null,
    hasRequest: ({ context }) => context.request !== null,
    sameAction: ({ context, event }) =>
      event.type === 'action-loaded' && event.action.action_id === context.action?.action_id,
  },
}).createMachine({
  id: 'agentAction',
  context: ({ input }) => ({
    agentId: input.agentId,
    request: null,
    action: input.action ?? null,
    error: null,
  }),
  initial: 'Start',
  states: {
    Start: { always: [{ guard: 'hasAction', target: 'Routing' }, { target: 'Idle' }] },
    Idle: { on: { request: { target: 'Requesting', actions: 'setRequest' } } },
    Requesting: {
      invoke: {
        id: 'requestAction',
        src: 'requestAction',
        input: ({ context }) => ({ agentId: context.agentId, request: context.request! }),
        onDone: { target: 'Routing', actions: assign({ action: ({ event }) => event.output }) },
        onError: {
          target: 'RequestFailed',
          actions: assign({ error: ({ event }) => asActionError(event.error) }),
        },
      },
    },
    RequestFailed: {
      on: {
        retry: { guard: 'hasRequest', target: 'Requesting', actions: 'clearError' },
        dismiss: { target: 'Idle', actions: 'clearError' },
      },
    },
    Routing: { always: route },
    Queued: pending,
    Delivered: pending,
    Running: pending,
    Polling: {
      invoke: {
        id: 'loadAction',
        src: 'loadAction',
        input: ({ context }) => ({ agentId: context.agentId, actionId: context.action!.action_id }),
        onDone: { target: 'Routing', actions: assign({ action: ({ event }) => event.output, error: null }) },
        // A failed read keeps what was known; the next poll tries again.
        onError: { target: 'Routing', actions: assign({ error: ({ event }) => asActionError(event.error) }) },
      },
    },
    ConfirmingCancel: {
      on: {
        confirm: 'Cancelling',
        dismiss: 'Routing',
      },
    },
    Cancelling: {
      invoke: {
        id: 'cancelAction',
        src: 'cancelAction',
        input: ({ context }) => ({
          actionId: context.action!.action_id,
          force: context.action!.status === 'running',
        }),
        onDone: { target: 'Routing', actions: assign({ action: ({ event }) => event.output, error: null }) },
        // Refused (it finished meanwhile, say): read it again to show what it is now.
        onError: { target: 'Polling', actions: assign({ error: ({ event }) => asActionError(event.error) }) },
      },
    },
    Succeeded: {},
    Failed: {},
    Expired: {},
    Cancelled: {},
  },
});
