import { PERMISSIONS } from '../../common/permissions.ts';
import { PROVISIONING_ROBOT_SUFFIX } from '../areas/users/index.ts';
import type { StaffRole } from './catalogue/organisations.ts';

/** The accounts printed on first start; the README and end-to-end tests sign in with these. */
export const DEMO_ACCOUNTS = [
  'admin@watchfloor.example',
  'analyst@watchfloor.example',
  'user@acme.example',
  'admin@acme.example',
] as const;

/** The fixed customer account; it belongs to the first customer, Acme Corp, only. */
export const ACME_USER = { email: 'user@acme.example', firstName: 'Casey', lastName: 'Morgan' } as const;

/**
 * The fixed customer administrator of Acme Corp (spec 6: role level Customer with modify_all): manages
 * Acme's users and API keys, and changes Acme's triage data, but sees nothing of other customers.
 */
export const ACME_ADMIN = {
  email: 'admin@acme.example',
  firstName: 'Noor',
  lastName: 'Castellanos',
  permissions: ['read_all', 'modify_all'],
} as const;

/** Creates customer users through the API; hidden from contact lists by its e-mail suffix. */
export const PROVISIONING_ROBOT = `provisioning-robot${PROVISIONING_ROBOT_SUFFIX}`;

export const STAFF_PERMISSIONS: Record<StaffRole | 'robot', readonly string[]> = {
  admin: PERMISSIONS,
  analyst: ['global_user', 'read_all', 'modify_all'],
  senior: ['global_user', 'read_all', 'modify_all', 'read_workflow', 'read_escalation'],
  readonly: ['global_user', 'read_all'],
  robot: ['global_user', 'read_all', 'modify_all'],
};
