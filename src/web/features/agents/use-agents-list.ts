import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../../api/errors.ts';
import { type Agent, listAgents } from './api.ts';

export interface AgentsList {
  status: 'loading' | 'ready' | 'error';
  agents: Agent[];
  error: unknown;
  /** Reads every agent again. */
  reload(): void;
  /** Merges the agents that checked in since the last read (the periodic refresh). */
  refresh(): void;
}

const byHostName = (a: Agent, b: Agent) =>
  a.host_name.localeCompare(b.host_name) || a.agent_id.localeCompare(b.agent_id);

/** Every agent of the selected customers; a refresh merges only the agents that checked in since. */
export function useAgentsList(customerIds: readonly string[], enabled: boolean): AgentsList {
  const [state, setState] = useState<Omit<AgentsList, 'reload' | 'refresh'>>({
    status: 'loading',
    agents: [],
    error: null,
  });
  const generation = useRef(0);
  const readAt = useRef<string | null>(null);
  const key = customerIds.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the customers
  const reload = useCallback(() => {
    const mine = ++generation.current;
    const startedAt = new Date().toISOString();
    setState((s) => ({ ...s, status: 'loading', error: null }));
    listAgents(customerIds).then(
      (agents) => {
        if (mine !== generation.current) return;
        readAt.current = startedAt;
        setState({ status: 'ready', agents: agents.sort(byHostName), error: null });
      },
      (error) => {
        if (mine !== generation.current || isAbort(error)) return;
        setState((s) => ({ ...s, status: 'error', error }));
      },
    );
  }, [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the customers
  const refresh = useCallback(() => {
    const since = readAt.current;
    if (since === null) return;
    const mine = generation.current;
    const startedAt = new Date().toISOString();
    listAgents(customerIds, since).then(
      (fresh) => {
        if (mine !== generation.current || fresh.length === 0) return;
        readAt.current = startedAt;
        setState((s) => {
          const byId = new Map(s.agents.map((a) => [a.agent_id, a]));
          for (const agent of fresh) byId.set(agent.agent_id, agent);
          return { ...s, agents: [...byId.values()].sort(byHostName) };
        });
      },
      // A failed refresh keeps the list; the next one tries again.
      () => undefined,
    );
  }, [key]);

  useEffect(() => {
    if (enabled) reload();
  }, [enabled, reload]);

  return { ...state, reload, refresh };
}
