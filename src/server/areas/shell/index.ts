import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import {
  endImpersonation,
  getCurrentUser,
  getHealth,
  listSupportContacts,
  listSupportTasks,
  saveSettings,
  startImpersonation,
} from './handlers.ts';

/** The application shell (spec 1): health, the signed-in user, settings, support and impersonation. */
export const shellHandlers: Handlers<
  | 'getHealth'
  | 'getCurrentUser'
  | 'saveSettings'
  | 'listSupportTasks'
  | 'startImpersonation'
  | 'endImpersonation'
  | 'listSupportContacts'
> = {
  getHealth,
  getCurrentUser,
  saveSettings,
  listSupportTasks,
  startImpersonation,
  endImpersonation,
  listSupportContacts,
};

export const shellArea = defineArea({
  name: 'shell',
  handlers: shellHandlers,
});
