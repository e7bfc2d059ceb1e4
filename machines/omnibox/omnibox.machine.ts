import { assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { isAbortError, isSearchable, sameIndicator, toIndicator } from './guards.ts';
import {
  DEBOUNCE_MS,
  INITIAL_CONTEXT,
  type Indicator,
  type OmniboxContext,
  type OmniboxSuggestion,
  type SearchInput,
  type ThreatIntel,
} from './omnibox.context.ts';
import type { OmniboxEvent } from './omnibox.events.ts';

export const TAGS = { loading: 'loading', threatLoading: 'threat-loading' } as const;
export type OmniboxTag = (typeof TAGS)[keyof typeof TAGS];

const queryOf = (event: OmniboxEvent) => (event.type === 'type' ? event.query : '');

/**
 * The omnibox (spec 1, sections 2.5, 4.4, 5, 8, 9), two regions side by side:
 *
 * `Search`: every keystroke passes through `Typing`, which goes to `Idle` when there is nothing
 * to search (blank, or a `>` command) and otherwise (re)starts the 500 ms `Debouncing` timer.
 * When it runs out, `Searching` invokes the injected `search` actor. A keystroke while
 * `Searching` leaves the state, which stops the actor and aborts its request (its AbortSignal):
 * the newer search replaces the older, whose late answer is never seen. A request aborted from
 * elsewhere lands in `Aborted` (ignored, nothing logged); any other failure lands in `Error`
 * and is only logged (injected `logError`). Either way loading ends (tag `loading` is only on
 * `Searching`) and the previous suggestions stay.
 *
 * `Threat`: an input longer than 5 characters that is an IP, domain or file hash is looked up
 * after the same 500 ms pause (injected `lookupThreat`, which caches per kind and value). The
 * card shows (`Card`) unless the verdict is U (unknown) or the lookup failed (`Hidden`).
 */
export const omniboxMachine = setup({
  types: {
    context: {} as OmniboxContext,
    events: {} as OmniboxEvent,
  },
  actors: {
    search: fromPromise<OmniboxSuggestion[], SearchInput>(async () => []),
    lookupThreat: fromPromise<ThreatIntel, Indicator>(async ({ input }) => ({
      ...input,
      risk: 0,
      det: 'U',
      country: null,
      registrant_organization: null,
      popularity: null,
      threat_categories: [],
      malware_group: null,
    })),
  },
  delays: { DEBOUNCE: DEBOUNCE_MS },
  guards: {
    hasSearchableQuery: ({ context }) => isSearchable(context.query),
    isAborted: ({ event }) => isAbortError((event as unknown as ErrorActorEvent).error),
    isSameIndicator: ({ context, event }) => sameIndicator(context.indicator, toIndicator(queryOf(event))),
    isIndicator: ({ event }) => toIndicator(queryOf(event)) !== null,
    isKnownVerdict: ({ event }) => (event as unknown as { output: ThreatIntel }).output.det !== 'U',
  },
  actions: {
    /** Injected: report a failure that is not an abort (the web logs it with console.error). */
    logError: (_, _params: { error: unknown }) => undefined,
    setQuery: assign({ query: ({ event }) => queryOf(event) }),
    clearSuggestions: assign({ suggestions: [], searchedQuery: null }),
    setIndicator: assign({ indicator: ({ event }) => toIndicator(queryOf(event)), threat: null }),
    clearIndicator: assign({ indicator: null, threat: null }),
  },
}).createMachine({
  id: 'omnibox',
  type: 'parallel',
  context: INITIAL_CONTEXT,
  states: {
    Search: {
      initial: 'Idle',
      on: {
        type: { target: '.Typing', actions: 'setQuery' },
        clear: { target: '.Idle', actions: 'setQuery' },
      },
      states: {
        Idle: { entry: 'clearSuggestions' },
        Typing: {
          always: [{ guard: 'hasSearchableQuery', target: 'Debouncing' }, { target: 'Idle' }],
        },
        Debouncing: {
          after: { DEBOUNCE: 'Searching' },
        },
        Searching: {
          tags: [TAGS.loading],
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: {
              target: 'Showing',
              actions: assign({
                suggestions: ({ event }) => event.output,
                searchedQuery: ({ context }) => context.query.trim(),
              }),
            },
            onError: [
              { guard: 'isAborted', target: 'Aborted' },
              {
                target: 'Error',
                actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        Showing: {},
        Aborted: {},
        Error: {},
      },
    },
    Threat: {
      initial: 'None',
      on: {
        type: [
          { guard: 'isSameIndicator' },
          { guard: 'isIndicator', target: '.Waiting', actions: 'setIndicator' },
          { target: '.None', actions: 'clearIndicator' },
        ],
        clear: { target: '.None', actions: 'clearIndicator' },
      },
      states: {
        None: {},
        Waiting: {
          after: { DEBOUNCE: 'Looking' },
        },
        Looking: {
          tags: [TAGS.threatLoading],
          invoke: {
            id: 'lookupThreat',
            src: 'lookupThreat',
            input: ({ context }) => context.indicator!,
            onDone: [
              {
                guard: 'isKnownVerdict',
                target: 'Card',
                actions: assign({ threat: ({ event }) => event.output }),
              },
              { target: 'Hidden' },
            ],
            onError: [
              { guard: 'isAborted', target: 'Hidden' },
              {
                target: 'Hidden',
                actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        Card: {},
        Hidden: {},
      },
    },
  },
});
