import { AGENT_CONTROL_PERMISSION } from '../../../common/agent-actions.ts';
import type { AccessRule } from '../../../common/permissions.ts';

/** What the server asks before any change to an agent (src/common/agent-actions.ts). */
export const AGENT_CONTROL: AccessRule = { anyOf: [AGENT_CONTROL_PERMISSION] };

/**
 * The response actions (buttons and palette commands) are a labs feature: offered only to people
 * who may act on agents and switched "agent actions" on in their profile. The toggle is a
 * preference; the permission is what the server enforces.
 */
export const AGENT_ACTIONS: AccessRule = { ...AGENT_CONTROL, attribute: 'lab_agent_actions' };
