import { and, assign, fromPromise, setup } from 'xstate';
import {
  type CommandChoice,
  type CommandFlowContext,
  type CommandOutcome,
  INITIAL_CONTEXT,
} from './command-flow.context.ts';
import type { CommandFlowEvent } from './command-flow.events.ts';

export const TAGS = { busy: 'busy' } as const;

const choiceOf = (event: CommandFlowEvent): CommandChoice | null =>
  event.type === 'choose' || event.type === 'argue' ? event.choice : null;

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'The command failed';
}

/** Where a chosen command goes next: confirm, run, or wait for its arguments. */
const ROUTE_CHOICE = [
  { guard: and(['isComplete', 'isDestructive']), target: 'Confirming', actions: 'setChoice' },
  { guard: 'isComplete', target: 'Running', actions: 'setChoice' },
  { target: 'Arguing', actions: 'setChoice' },
] as const;

/**
 * Running a palette command (spec 1 section 2.5, DESIGN section 7):
 * `Choosing` → `Arguing` (until its arguments are complete, e.g. `>mute` waits for `1d`) →
 * `Confirming` (destructive commands only: status to a resolution, false positive, mute,
 * isolate) → `Running` (the injected `run` actor calls the API, shows its toast and refreshes
 * the screen) → `Done` | `Failed` (retry or start over).
 */
export const commandFlowMachine = setup({
  types: {
    context: {} as CommandFlowContext,
    events: {} as CommandFlowEvent,
  },
  actors: {
    run: fromPromise<CommandOutcome, CommandChoice>(async () => ({ summary: null })),
  },
  guards: {
    isComplete: ({ event }) => choiceOf(event)?.complete === true,
    isDestructive: ({ event }) => choiceOf(event)?.destructive === true,
  },
  actions: {
    setChoice: assign({ choice: ({ event }) => choiceOf(event), error: null }),
    clear: assign({ choice: null, error: null }),
  },
}).createMachine({
  id: 'commandFlow',
  context: INITIAL_CONTEXT,
  initial: 'Choosing',
  states: {
    Choosing: {
      entry: 'clear',
      on: { choose: [...ROUTE_CHOICE] },
    },
    Arguing: {
      on: {
        argue: [...ROUTE_CHOICE],
        choose: [...ROUTE_CHOICE],
        cancel: 'Choosing',
      },
    },
    Confirming: {
      on: {
        confirm: 'Running',
        cancel: 'Choosing',
      },
    },
    Running: {
      tags: [TAGS.busy],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.choice!,
        onDone: { target: 'Done', actions: assign({ outcome: ({ event }) => event.output }) },
        onError: { target: 'Failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    Done: {
      on: { reset: 'Choosing' },
    },
    Failed: {
      on: {
        retry: 'Running',
        reset: 'Choosing',
        cancel: 'Choosing',
      },
    },
  },
});
