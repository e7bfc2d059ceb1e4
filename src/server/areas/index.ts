import { adminHandlers } from './admin/index.ts';
import { agentHandlers } from './agents/index.ts';
import { alertHandlers } from './alerts/index.ts';
import { authHandlers } from './auth/index.ts';
import { caseHandlers } from './cases/index.ts';
import { countHandlers } from './counts/index.ts';
import { customerHandlers } from './customers/index.ts';
import { dashboardHandlers } from './dashboard/index.ts';
import { domainHandlers } from './domains/index.ts';
import { logHandlers } from './logs/index.ts';
import { muteHandlers } from './mutes/index.ts';
import { searchHandlers } from './omnibox/index.ts';
import { shellHandlers } from './shell/index.ts';
import { threatHandlers } from './threat/index.ts';
import { updateHandlers } from './updates/index.ts';
import { userHandlers } from './users/index.ts';
import { vulnerabilityHandlers } from './vulnerabilities/index.ts';

/**
 * Every operation of the contract, by operationId: each area's handler map. The discussions area
 * has none of its own (alerts and cases serve their comments). Routes refuse to start, and the
 * contract test fails, when an operation is missing.
 */
export const handlers = {
  ...shellHandlers,
  ...adminHandlers,
  ...authHandlers,
  ...customerHandlers,
  ...userHandlers,
  ...countHandlers,
  ...alertHandlers,
  ...agentHandlers,
  ...updateHandlers,
  ...searchHandlers,
  ...logHandlers,
  ...threatHandlers,
  ...muteHandlers,
  ...caseHandlers,
  ...vulnerabilityHandlers,
  ...domainHandlers,
  ...dashboardHandlers,
};
