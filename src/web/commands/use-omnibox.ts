import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { omniboxMachine } from '../../../machines/omnibox/omnibox.machine.ts';
import { selectGroups, selectLoading, selectThreatCard } from '../../../machines/omnibox/selectors.ts';
import { useSelectedCustomers } from '../shell/index.ts';
import { omniboxActors, PERF } from './search-actors.ts';

/**
 * Drives the omnibox machine from the palette: the machine decides when to search; the actors
 * call the API with the customer filter's selection (only when one is active).
 */
export function useOmnibox() {
  const { selected } = useSelectedCustomers();
  const customers = useRef(selected);
  customers.current = selected;

  const actor = useActorRef(
    omniboxMachine.provide({
      actors: omniboxActors(() => customers.current),
      actions: {
        logError: (_, { error }) => console.error('Omnibox:', error),
      },
    }),
  );
  const groups = useSelector(actor, selectGroups);
  const loading = useSelector(actor, selectLoading);
  const threat = useSelector(actor, selectThreatCard);
  const shown = useSelector(actor, (s) => (s.matches({ Search: 'Showing' }) ? s.context.suggestions : null));

  // Bench instrumentation: from the end of the debounce (search start) to the painted results.
  useEffect(() => {
    if (!shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (performance.getEntriesByName(PERF.searchStart, 'mark').length === 0) return;
        performance.mark(PERF.resultsPainted);
        performance.measure(PERF.searchToPaint, PERF.searchStart, PERF.resultsPainted);
        if (performance.getEntriesByName(PERF.response, 'mark').length > 0) {
          performance.measure(PERF.responseToPaint, PERF.response, PERF.resultsPainted);
        }
        performance.clearMarks(PERF.searchStart);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);

  return {
    type: (query: string) => actor.send({ type: 'type', query }),
    groups,
    loading,
    threat,
  };
}
