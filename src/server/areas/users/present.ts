import type { components } from '../../../api/schema.d.ts';
import type { users } from '../../db/schema/index.ts';
import { presentContact } from '../customers/index.ts';
import { PERMISSIONS } from './rules.ts';

type Schemas = components['schemas'];
type Permission = Schemas['Permission'];
const KNOWN = new Set<string>(PERMISSIONS);

/** A user as their manager sees them: the contact plus permissions, flags and invitation state. */
export function presentManagedContact(
  u: typeof users.$inferSelect,
  invitationPending: boolean,
): Schemas['ManagedContact'] {
  return {
    ...presentContact(u),
    permissions: u.permissions.filter((p): p is Permission => KNOWN.has(p)),
    admin: u.isAdmin,
    provisioning: u.isProvisioning,
    invitation_pending: invitationPending,
  };
}
