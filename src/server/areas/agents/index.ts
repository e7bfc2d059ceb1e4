import type { Handlers } from '../../platform/handler.ts';
import { listAgents } from './handlers.ts';

/** Endpoint agents (spec 2, section 4): the list; actions come with the agents screen. */
export const agentHandlers: Handlers<'listAgents'> = { listAgents };
