import { currentUserId, samePartner } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  resendInvitation,
  updateContact,
} from './handlers.ts';
import { changePassword, endSession, listSessions } from './profile.ts';

/** The organisation's people (spec 2, sections 3, 6, 7) and their access: sessions, password, API keys. */
export const userHandlers: Handlers<
  | 'listContacts'
  | 'getContact'
  | 'createContact'
  | 'updateContact'
  | 'deleteContact'
  | 'resendInvitation'
  | 'changePassword'
  | 'listSessions'
  | 'endSession'
  | 'listApiKeys'
  | 'createApiKey'
  | 'revokeApiKey'
> = {
  listContacts,
  getContact,
  createContact,
  updateContact,
  deleteContact,
  resendInvitation,
  changePassword,
  listSessions,
  endSession,
  listApiKeys,
  createApiKey,
  revokeApiKey,
};

export { PROVISIONING_ROBOT_SUFFIX } from './contacts.ts';

export const usersArea = defineArea({
  name: 'users',
  handlers: userHandlers,
  tables: ['api_keys'],
  tenantPolicies: {
    // An API key is its creator's own: nobody else lists, sees or revokes it.
    api_keys: `${samePartner} and created_by = ${currentUserId}`,
  },
});
