import { useAccess } from '../../session/use-access.ts';
import { AGENT_ACTIONS, AGENT_CONTROL } from './agent-access.ts';

/** Delete, settings and attributes: the permission alone. */
export const useCanControlAgents = () => useAccess(AGENT_CONTROL);

/** Queue, cancel and request actions: the permission and the labs toggle. */
export const useAgentActionsShown = () => useAccess(AGENT_ACTIONS);
