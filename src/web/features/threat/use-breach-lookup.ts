import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { LoadInput, TrackedLookup } from '../../../../machines/breach-lookup/breach-lookup.context.ts';
import {
  BREACH_POLL_MS,
  breachLookupMachine,
} from '../../../../machines/breach-lookup/breach-lookup.machine.ts';
import { selectPolling } from '../../../../machines/breach-lookup/selectors.ts';
import { type BreachLookup, getBreachLookup } from './api.ts';

/**
 * The breach-lookup machine with the real call: looks an account up, then reads it again every
 * `pollMs` (10 s) while the server's job is in progress. 0 turns the timer off (tests play polls).
 */
export function useBreachLookup(pollMs = BREACH_POLL_MS) {
  const machine = useMemo(
    () =>
      breachLookupMachine.provide({
        actors: {
          loadLookup: fromPromise<TrackedLookup, LoadInput>(({ input }) =>
            getBreachLookup(input.account, input.again),
          ),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  const polling = selectPolling(snapshot);
  useEffect(() => {
    if (!polling || pollMs <= 0) return;
    const timer = setInterval(() => send({ type: 'poll' }), pollMs);
    return () => clearInterval(timer);
  }, [polling, pollMs, send]);
  return { snapshot, send, lookup: snapshot.context.lookup as BreachLookup | null };
}
