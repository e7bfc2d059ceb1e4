import { agentHandlers } from './agents.ts';
import { authHandlers } from './auth.ts';
import { countHandlers } from './counts.ts';
import { customerHandlers } from './customers.ts';
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
  ...agentHandlers,
  ...updateHandlers,
  ...searchHandlers,
  ...threatHandlers,
};
