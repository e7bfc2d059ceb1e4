import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { LoadInput, TrackedLookup } from '../../../../machines/breach-lookup/breach-lookup.context.ts';
import {
  BREACH_POLL_MS,
  breachLookupMachine,
} from '../../../../machines/breach-lookup/breach-lookup.machine.ts';
import { type BreachLookup, getBreachLookup } from './api.ts';

/**
 * The breach-lookup machine with the real call: looks an account up, then reads it again every
 * `pollMs` (10 s, the machine's `pollDelay`) while the server's job is in progress. 0 turns the timer off (tests play polls).
 */
export function useBreachLookup(pollMs = BREACH_POLL_MS) {
  const period = useRef(pollMs);
  period.current = pollMs;
  const machine = useMemo(
    () =>
      breachLookupMachine.provide({
        delays: { pollDelay: () => Math.max(period.current, 1) },
        guards: { pollsOnItsOwn: () => period.current > 0 },
        actors: {
          loadLookup: fromPromise<TrackedLookup, LoadInput>(({ input }) =>
            getBreachLookup(input.account, input.again),
          ),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  return { snapshot, send, lookup: snapshot.context.lookup as BreachLookup | null };
}
