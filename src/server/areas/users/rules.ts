import type { Principal } from '../../auth/principal.ts';
import type { users } from '../../db/schema/index.ts';
import { ApiError, badRequest, forbidden } from '../../errors.ts';
import { isStaff } from '../../platform/permissions.ts';

type UserRow = typeof users.$inferSelect;

export const PERMISSIONS = [
  'global_user',
  'read_all',
  'read_workflow',
  'read_integration',
  'read_escalation',
  'modify_all',
  'modify_workflow',
] as const;

export const contactNotFound = (id: string) =>
  new ApiError(404, 'not_found', `A user with the ID ${id} was not found.`);

/**
 * A user the caller may change: of their organisation, within the caller's customers (all of the
 * user's customers, or a Global user only for a Global caller), never an administrator unless the
 * caller is one. Anything out of reach is simply not found.
 */
export function requireManageable(principal: Principal, target: UserRow | undefined, id: string): UserRow {
  if (!target || target.partnerId !== principal.user.partnerId) throw contactNotFound(id);
  const { scope } = principal;
  const reach = new Set(scope.customerIds);
  const inReach = target.validCustomerIds.every((c) => reach.has(c));
  if (target.roleLevel === 'Global' ? !scope.global : !(scope.global || inReach)) throw contactNotFound(id);
  if (target.isAdmin && !principal.user.isAdmin)
    throw forbidden('Only administrators can change an administrator.');
  return target;
}

export interface Grant {
  roleLevel: 'Global' | 'Customer';
  validCustomerIds: string[];
  permissions: string[];
}

/** Nobody grants more than they have: role level, customers and permissions are each checked. */
export function checkGrant(principal: Principal, grant: Grant): Grant {
  if (grant.roleLevel === 'Global' && !(isStaff(principal) && principal.scope.global))
    throw forbidden('You cannot grant the Global role level: you do not have it yourself.');
  const reach = new Set(principal.scope.customerIds);
  const customers = [...new Set(grant.validCustomerIds)];
  const outside = customers.find((id) => !reach.has(id));
  if (outside) throw badRequest('valid_customer_ids', `A customer with the ID ${outside} was not found.`);
  if (grant.roleLevel === 'Customer' && customers.length === 0)
    throw badRequest('valid_customer_ids', 'Please select a customer');
  const permissions = [...new Set(grant.permissions)];
  const missing = permissions.find((p) => !principal.permissions.includes(p));
  if (missing) throw forbidden(`You cannot grant the permission ${missing}: you do not have it yourself.`);
  if (grant.roleLevel === 'Customer' && permissions.includes('global_user'))
    throw badRequest('permissions', 'global_user belongs to the Global role level.');
  return {
    roleLevel: grant.roleLevel,
    validCustomerIds: grant.roleLevel === 'Global' ? [] : customers,
    permissions,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): string {
  const email = value.trim();
  if (!EMAIL.test(email)) throw badRequest('email', 'Please enter a valid Email');
  return email;
}
