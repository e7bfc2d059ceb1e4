import { AGENT_CONTROL_PERMISSION, canControlAgents } from '../../../common/agent-actions.ts';
import type { Principal } from '../../auth/principal.ts';
import { forbidden } from '../../errors.ts';

/** 403 naming the permission, before anything is looked up, unless the caller may act on agents. */
export function requireAgentControl(principal: Principal, what: string): void {
  if (!canControlAgents(principal.permissions))
    throw forbidden(`You need the ${AGENT_CONTROL_PERMISSION} permission to ${what}.`);
}
