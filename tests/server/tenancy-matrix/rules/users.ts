import { SECRET } from '../world.ts';
import { type AreaRules, owner } from './types.ts';

/** People and their credentials. */
export const USERS_RULES: AreaRules = {
  endSession: { path: (ids) => ({ session_id: ids.session }), control: owner, ends: true },
  createApiKey: {
    body: (ids) => ({ name: SECRET, customer_ids: [ids.customer], access: 'read', expires_in_days: 1 }),
    expect: 'unknown',
  },
  revokeApiKey: { path: (ids) => ({ key_id: ids.apiKey }), control: owner, ends: true },
  createContact: {
    body: (ids) => ({
      email: 'other@globex.test',
      role_level: 'Customer',
      valid_customer_ids: [ids.customer],
    }),
    expect: 'unknown',
  },
  getContact: { path: (ids) => ({ contact_id: ids.contact }) },
  deleteContact: { path: (ids) => ({ contact_id: ids.contact }), ends: true },
  updateContact: { path: (ids) => ({ contact_id: ids.contact }), body: () => ({ first_name: SECRET }) },
  resendInvitation: { path: (ids) => ({ contact_id: ids.contact }) },
};
