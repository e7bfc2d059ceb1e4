import { useCallback, useEffect, useRef, useState } from 'react';
import { type AgentAction, type AgentDetail, getAgent, listAgentActions } from './api.ts';

export interface AgentDetailState {
  status: 'loading' | 'ready' | 'error';
  agent: AgentDetail | null;
  actions: AgentAction[];
  isActive: boolean;
  error: unknown;
}

/** One agent and its actions; `reload` reads both again, `putAction` shows a newer state of one. */
export function useAgentDetail(agentId: string, enabled: boolean) {
  const [state, setState] = useState<AgentDetailState>({
    status: 'loading',
    agent: null,
    actions: [],
    isActive: false,
    error: null,
  });
  const generation = useRef(0);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, status: s.agent ? s.status : 'loading', error: null }));
    Promise.all([getAgent(agentId), listAgentActions(agentId)]).then(
      ([agent, { is_active, actions }]) => {
        if (mine === generation.current)
          setState({ status: 'ready', agent, actions, isActive: is_active, error: null });
      },
      (error) => {
        if (mine === generation.current) setState((s) => ({ ...s, status: 'error', error }));
      },
    );
  }, [agentId]);
  useEffect(() => {
    if (enabled) reload();
  }, [enabled, reload]);
  const putAction = useCallback((action: AgentAction) => {
    setState((s) => {
      const known = s.actions.some((a) => a.action_id === action.action_id);
      const actions = known
        ? s.actions.map((a) => (a.action_id === action.action_id ? action : a))
        : [action, ...s.actions];
      return { ...s, actions };
    });
  }, []);
  return { ...state, reload, putAction };
}
