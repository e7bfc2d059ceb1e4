import { assign, fromPromise, setup } from 'xstate';
import { asContractError } from '../shared/contract-error.ts';
import type { BreachLookupContext, LoadInput, TrackedLookup } from './breach-lookup.context.ts';
import type { BreachLookupEvent } from './breach-lookup.events.ts';

/** Spec 2, section 4: an account in progress is read again every 10 s. */
export const BREACH_POLL_MS = 10_000;
/** Spec 2, section 9: five attempts; reads that fail five times in a row give up as well. */
export const BREACH_MAX_ATTEMPTS = 5;

const routeByStatus = [
  { guard: 'inProgress', target: 'InProgress' },
  { guard: 'done', target: 'Done' },
  { target: 'Failed' },
] as const;

/**
 * A breach look-up of one e-mail account (spec 2, sections 4 and 9): Loading, then InProgress
 * while the server's job works (read again on each `poll`, every 10 s), until Done or Failed
 * (the server gave up after 5 attempts, or five reads in a row failed). NotConfigured when the
 * server has no provider key. The read is the injected actor `loadLookup`.
 */
export const breachLookupMachine = setup({
  types: {
    context: {} as BreachLookupContext,
    events: {} as BreachLookupEvent,
  },
  actors: {
    loadLookup: fromPromise<TrackedLookup, LoadInput>(async () => {
      throw new Error('loadLookup is provided by the screen');
    }),
  },
  actions: {
    startLookup: assign(({ event }) =>
      event.type === 'lookup'
        ? { account: event.account, lookup: null, error: null, pollErrors: 0, again: false }
        : {},
    ),
  },
  // The period between reads while the job works, and whether it reads on its own: provided by
  // the screen (tests play polls); `poll` reads at once in any case.
  delays: { pollDelay: BREACH_POLL_MS },
  guards: {
    pollsOnItsOwn: () => true,
    inProgress: ({ context }) => context.lookup?.status === 'in_progress',
    done: ({ context }) => context.lookup?.status === 'done',
    notConfigured: ({ event }) =>
      asContractError((event as { error?: unknown }).error).code === 'breach_lookup_not_configured',
    lastPollError: ({ context }) => context.pollErrors + 1 >= BREACH_MAX_ATTEMPTS,
  },
}).createMachine({
  id: 'breachLookup',
  context: { account: null, lookup: null, error: null, pollErrors: 0, again: false },
  initial: 'Idle',
  on: { lookup: { target: '.Loading', actions: 'startLookup' } },
  states: {
    Idle: {},
    Loading: {
      invoke: {
        id: 'loadLookup',
        src: 'loadLookup',
        input: ({ context }) => ({ account: context.account!, again: context.again }),
        onDone: {
          target: 'Routing',
          actions: assign({ lookup: ({ event }) => event.output, error: null, again: false }),
        },
        onError: [
          {
            guard: 'notConfigured',
            target: 'NotConfigured',
            actions: assign({ error: ({ event }) => asContractError(event.error) }),
          },
          { target: 'Error', actions: assign({ error: ({ event }) => asContractError(event.error) }) },
        ],
      },
    },
    Routing: { always: [...routeByStatus] },
    InProgress: {
      after: { pollDelay: { guard: 'pollsOnItsOwn', target: 'Polling' } },
      on: { poll: 'Polling' },
    },
    Polling: {
      invoke: {
        id: 'pollLookup',
        src: 'loadLookup',
        input: ({ context }) => ({ account: context.account!, again: false }),
        onDone: {
          target: 'Routing',
          actions: assign({ lookup: ({ event }) => event.output, error: null, pollErrors: 0 }),
        },
        onError: [
          {
            guard: 'lastPollError',
            target: 'Failed',
            actions: assign({
              error: ({ event }) => asContractError(event.error),
              pollErrors: ({ context }) => context.pollErrors + 1,
            }),
          },
          // One failed read keeps what was known; the next poll tries again.
          {
            target: 'InProgress',
            actions: assign({
              error: ({ event }) => asContractError(event.error),
              pollErrors: ({ context }) => context.pollErrors + 1,
            }),
          },
        ],
      },
    },
    Done: {},
    Failed: {
      on: { retry: { target: 'Loading', actions: assign({ again: true, error: null, pollErrors: 0 }) } },
    },
    Error: { on: { retry: { target: 'Loading', actions: assign({ error: null }) } } },
    NotConfigured: {},
  },
});
