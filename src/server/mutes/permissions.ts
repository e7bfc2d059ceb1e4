import { isStaff } from '../alerts/permissions.ts';
import type { Principal } from '../auth/principal.ts';
import { forbidden } from '../errors.ts';

/** Who may change mutes: as for alerts, staff need `modify_all`; customer users manage their own customers' mutes. */
export function canChangeMutes(principal: Principal): boolean {
  return !isStaff(principal) || principal.permissions.includes('modify_all');
}

/** Throws 403 unless the caller may change mutes. */
export function requireMuteWriter(principal: Principal): void {
  if (!canChangeMutes(principal)) throw forbidden('You do not have permission to change mutes.');
}
