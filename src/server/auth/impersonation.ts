import type { users } from '../db/schema/index.ts';
import { forbidden } from '../errors.ts';
import type { Principal } from './principal.ts';

/**
 * An administrator may act as a user only within their own scope: a user of their organisation
 * whose customers they can all see themselves, never another administrator or a provisioning
 * account (either would hand over more than the impersonator has).
 */
export function requireImpersonable(principal: Principal, target: typeof users.$inferSelect) {
  if (target.contactId === principal.user.contactId)
    throw forbidden('You are already signed in as this user.');
  if (target.partnerId !== principal.user.partnerId)
    throw forbidden('This user belongs to another organisation.');
  if (target.isAdmin) throw forbidden('Administrators cannot be impersonated.');
  if (target.isProvisioning) throw forbidden('Provisioning accounts cannot be impersonated.');
  const scope = principal.scope;
  if (target.roleLevel === 'Global' && !scope.global)
    throw forbidden('This user sees every customer; you can impersonate only users within your customers.');
  const visible = new Set(scope.customerIds);
  if (!scope.global && target.validCustomerIds.some((id) => !visible.has(id)))
    throw forbidden(
      'This user sees customers outside yours; you can impersonate only users within your customers.',
    );
}
