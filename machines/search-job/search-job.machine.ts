import { assign, fromPromise, setup } from 'xstate';
import { asContractError } from '../shared/contract-error.ts';
import type { LoadInput, SearchJobContext, SearchJobView, SubmitInput } from './search-job.context.ts';
import type { SearchJobEvent } from './search-job.events.ts';

const submit = { target: '#searchJob.Submitting', actions: 'setRequest' } as const;
const open = { target: '#searchJob.Polling', actions: 'setId' } as const;

/** In every state a new search may be submitted; the server cancels the older one. */
const settled = { on: { submit, open, rerun: { guard: 'hasJob', target: '#searchJob.Rerunning' } } } as const;

/**
 * One log search as the screen runs it (issue 11): submitted (Submitting), then counted by the
 * server in the background, read again on `poll`: Running until the first events are found,
 * Partial while more are counted (read again after `pollDelay`, or at once on `poll`), then Done, Failed or Cancelled (a newer search of the same
 * user, here or in another tab, or abandoned), or Gone when the server no longer has it (its
 * read or rerun answered 404, given as null: a purged job, an old link). A new `submit` in any state replaces the search:
 * the older call is dropped and the server cancels the older job. The calls are injected actors
 * (`startSearch`, `loadSearch`, `rerunSearch`).
 */
export const searchJobMachine = setup({
  types: {
    context: {} as SearchJobContext,
    events: {} as SearchJobEvent,
  },
  actors: {
    startSearch: fromPromise<{ id: string }, SubmitInput>(async () => {
      throw new Error('startSearch is provided by the screen');
    }),
    rerunSearch: fromPromise<{ id: string } | null, LoadInput>(async () => {
      throw new Error('rerunSearch is provided by the screen');
    }),
    loadSearch: fromPromise<SearchJobView | null, LoadInput>(async () => {
      throw new Error('loadSearch is provided by the screen');
    }),
  },
  actions: {
    setId: assign(({ event }) => (event.type === 'open' ? { id: event.id, job: null, error: null } : {})),
    // The server no longer has the search: nothing is left to show or read again.
    forgetJob: assign({ job: null, error: null }),
    setRequest: assign(({ event }) =>
      event.type === 'submit' ? { request: event.request, error: null } : {},
    ),
  },
  // The screen's period between reads, and whether it reads on its own now (a page kept hidden
  // in the page cache does not): provided by the screen; `poll` reads at once in any case.
  delays: { pollDelay: 700 },
  guards: {
    pollsOnItsOwn: () => true,
    hasJob: ({ context }) => context.id !== null,
    hasRequest: ({ context }) => context.request !== null,
    isDone: ({ context }) => context.job?.status === 'done',
    isFailed: ({ context }) => context.job?.status === 'failed',
    isCancelled: ({ context }) => context.job?.status === 'cancelled',
    hasResults: ({ context }) => (context.job?.total ?? 0) > 0,
  },
}).createMachine({
  id: 'searchJob',
  context: { request: null, id: null, job: null, error: null },
  initial: 'Idle',
  states: {
    Idle: { on: { submit, open } },
    Submitting: {
      invoke: {
        id: 'startSearch',
        src: 'startSearch',
        input: ({ context }) => ({ request: context.request! }),
        onDone: {
          target: 'Polling',
          actions: assign({ id: ({ event }) => event.output.id, job: null, error: null }),
        },
        onError: {
          target: 'SubmitFailed',
          actions: assign({ error: ({ event }) => asContractError(event.error), id: null, job: null }),
        },
      },
      on: { submit },
    },
    SubmitFailed: {
      on: { submit, open, retry: { guard: 'hasRequest', target: 'Submitting' } },
    },
    Rerunning: {
      invoke: {
        id: 'rerunSearch',
        src: 'rerunSearch',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'Gone', actions: 'forgetJob' },
          { target: 'Polling', actions: assign({ job: null, error: null }) },
        ],
        onError: {
          target: 'Routing',
          actions: assign({ error: ({ event }) => asContractError(event.error) }),
        },
      },
      on: { submit },
    },
    Polling: {
      invoke: {
        id: 'loadSearch',
        src: 'loadSearch',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'Gone', actions: 'forgetJob' },
          { target: 'Routing', actions: assign({ job: ({ event }) => event.output, error: null }) },
        ],
        // A failed read keeps what was known; the next poll tries again.
        onError: {
          target: 'Routing',
          actions: assign({ error: ({ event }) => asContractError(event.error) }),
        },
      },
      on: { submit },
    },
    Routing: {
      always: [
        { guard: 'isDone', target: 'Done' },
        { guard: 'isFailed', target: 'Failed' },
        { guard: 'isCancelled', target: 'Cancelled' },
        { guard: 'hasResults', target: 'Partial' },
        { target: 'Running' },
      ],
    },
    Running: {
      after: { pollDelay: { guard: 'pollsOnItsOwn', target: 'Polling' } },
      on: { ...settled.on, poll: 'Polling' },
    },
    Partial: {
      after: { pollDelay: { guard: 'pollsOnItsOwn', target: 'Polling' } },
      on: { ...settled.on, poll: 'Polling' },
    },
    Done: settled,
    Failed: settled,
    Cancelled: settled,
    /** The search is gone (a purged job, an old link): nothing polls; a new submit runs it again. */
    Gone: { on: { submit, open } },
  },
});
