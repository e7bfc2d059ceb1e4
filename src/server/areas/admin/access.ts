import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../auth/principal.ts';
import { forbidden } from '../../errors.ts';
import { isStaff } from '../../platform/permissions.ts';
import { principalOf } from '../../plugins/auth.ts';

/**
 * The provider's administrators: role level Global with the administrator flag. Customer
 * administrators (role level Customer with modify_all) manage their own people, never the
 * provider's audit trail, mail or background work.
 */
export function requireProviderAdmin(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (!principal.user.isAdmin || !isStaff(principal))
    throw forbidden("Only the provider's administrators can do this.");
  return principal;
}
