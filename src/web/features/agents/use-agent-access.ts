import { useCan } from '../../session/use-can.ts';
import { AGENT_ACTIONS } from './agent-access.ts';

/** Delete, settings and attributes: their operations' rule (the same for all three). */
export const useCanControlAgents = () => useCan()('updateAgentSettings');

/** Queue, cancel and request actions: the operation's rule and the labs toggle. */
export const useAgentActionsShown = () => useCan()(AGENT_ACTIONS);
