import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { CommandChoice, CommandOutcome } from '../../../machines/command-flow/command-flow.context.ts';
import { commandFlowMachine } from '../../../machines/command-flow/command-flow.machine.ts';
import { type RunContext, runCommand } from './run-command.ts';

/** The command flow machine with the real runner; the run reads the page as it is at that moment. */
export function useCommandFlow(context: RunContext) {
  const latest = useRef(context);
  latest.current = context;
  const actor = useActorRef(
    commandFlowMachine.provide({
      actors: {
        run: fromPromise<CommandOutcome, CommandChoice>(({ input }) => runCommand(input, latest.current)),
      },
    }),
  );
  const state = useSelector(actor, (s) => s.value);
  const choice = useSelector(actor, (s) => s.context.choice);
  const error = useSelector(actor, (s) => s.context.error);
  return { actor, state, choice, error, send: actor.send };
}
