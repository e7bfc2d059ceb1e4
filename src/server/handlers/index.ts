import { agentHandlers } from './agents.ts';
import { alertHandlers } from './alerts.ts';
import { authHandlers } from './auth.ts';
import { caseHandlers } from './cases.ts';
import { caseAlertHandlers } from './cases-alerts.ts';
import { caseDiscussionHandlers } from './cases-discussions.ts';
import { countHandlers } from './counts.ts';
import { customerHandlers } from './customers.ts';
import { muteHandlers } from './mutes.ts';
import { searchHandlers } from './search.ts';
import { shellHandlers } from './shell.ts';
import { threatHandlers } from './threat.ts';
import { updateHandlers } from './updates.ts';

/** Every operation of the contract, by operationId. The contract test fails when one is missing. */
export const handlers = {
  ...shellHandlers,
  ...authHandlers,
  ...customerHandlers,
  ...countHandlers,
  ...alertHandlers,
  ...agentHandlers,
  ...updateHandlers,
  ...searchHandlers,
  ...threatHandlers,
  ...muteHandlers,
  ...caseHandlers,
  ...caseAlertHandlers,
  ...caseDiscussionHandlers,
};
