import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type {
  CancelInput,
  LoadInput,
  RequestInput,
  TrackedAction,
} from '../../../../machines/agent-action/agent-action.context.ts';
import { agentActionMachine } from '../../../../machines/agent-action/agent-action.machine.ts';
import { ACTION_POLL_MS, cancelAgentAction, getAgentAction, requestAgentAction } from './api.ts';

export { ACTION_POLL_MS } from './api.ts';

/**
 * The agent-action machine with the real calls: asks for an action (or follows one asked for
 * before), reads it again every ACTION_POLL_MS (the machine's `pollDelay`) while it waits on the agent, and cancels it.
 * `onChange` hears every new state of the action, so the page's queue shows it too.
 */
export function useAgentAction(
  agentId: string,
  action: TrackedAction | null = null,
  onChange?: (action: TrackedAction) => void,
  pollMs = ACTION_POLL_MS,
) {
  const period = useRef(pollMs);
  period.current = pollMs;
  const machine = useMemo(
    () =>
      agentActionMachine.provide({
        delays: { pollDelay: () => Math.max(period.current, 1) },
        guards: { pollsOnItsOwn: () => period.current > 0 },
        actors: {
          requestAction: fromPromise<TrackedAction, RequestInput>(({ input }) =>
            requestAgentAction(input.agentId, input.request),
          ),
          // The machine stops the read when the card goes: its signal aborts the call.
          loadAction: fromPromise<TrackedAction, LoadInput>(({ input, signal }) =>
            getAgentAction(input.actionId, signal),
          ),
          cancelAction: fromPromise<TrackedAction, CancelInput>(({ input }) =>
            cancelAgentAction(input.actionId, input.force),
          ),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { agentId, action } });
  const current = snapshot.context.action;
  useEffect(() => {
    if (current) onChange?.(current);
  }, [current, onChange]);
  return { snapshot, send };
}

export type AgentActionApi = ReturnType<typeof useAgentAction>;
