import { OPERATION_ACCESS } from '../../../api/access.generated.ts';
import type { AccessRule } from '../../../common/permissions.ts';

/**
 * The response actions (buttons and palette commands) are a labs feature: offered only to people
 * whose rule admits queueing actions (openapi `x-access` of requestAgentActions) and who switched
 * "agent actions" on in their profile. The toggle is a preference; the rule is what the server
 * enforces.
 */
export const AGENT_ACTIONS: AccessRule = {
  ...OPERATION_ACCESS.requestAgentActions,
  attribute: 'lab_agent_actions',
};
