import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type {
  LoadInput,
  SearchJobView,
  SubmitInput,
} from '../../../../machines/search-job/search-job.context.ts';
import { searchJobMachine } from '../../../../machines/search-job/search-job.machine.ts';
import { selectPolling } from '../../../../machines/search-job/selectors.ts';
import { findSearch, jobView, rerunSearch, startSearch } from './api.ts';

/** How often a running search is read again while the server counts it. */
export const SEARCH_POLL_MS = 700;

/**
 * The search-job machine with the real calls: submits a search, reads it again every
 * SEARCH_POLL_MS (the machine's `pollDelay`) while it runs (partial results show as they come), runs it again. A newer submit
 * aborts the older call (the machine stops its actor) and the server cancels the older job.
 */
export function useSearchJob(pollMs = SEARCH_POLL_MS) {
  const period = useRef(pollMs);
  period.current = pollMs;
  const machine = useMemo(
    () =>
      searchJobMachine.provide({
        delays: { pollDelay: () => Math.max(period.current, 1) },
        guards: { pollsOnItsOwn: () => period.current > 0 },
        actors: {
          startSearch: fromPromise<{ id: string }, SubmitInput>(({ input, signal }) =>
            startSearch(input.request, signal),
          ),
          rerunSearch: fromPromise<{ id: string } | null, LoadInput>(({ input, signal }) =>
            rerunSearch(input.id, signal),
          ),
          loadSearch: fromPromise<SearchJobView | null, LoadInput>(async ({ input, signal }) =>
            jobView(await findSearch(input.id, signal)),
          ),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  const polling = selectPolling(snapshot);
  // A page shown again reads at once; from then on the machine's delay keeps reading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page comes back
  useEffect(() => {
    if (polling && pollMs > 0) send({ type: 'poll' });
  }, [pollMs > 0]);
  return { snapshot, send };
}

export type SearchJobApi = ReturnType<typeof useSearchJob>;
