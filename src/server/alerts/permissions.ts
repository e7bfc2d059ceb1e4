import type { Principal } from '../auth/principal.ts';
import { forbidden } from '../errors.ts';

/** Provider staff: role level Global (spec 1, section 6). They see private comments. */
export function isStaff(principal: Principal): boolean {
  return principal.user.roleLevel === 'Global';
}

/**
 * Who may change alerts (and comment on them): staff need `modify_all`; customer users may change
 * the alerts of their own customers (row-level security keeps them there) and comment publicly.
 */
export function canChangeAlerts(principal: Principal): boolean {
  return !isStaff(principal) || principal.permissions.includes('modify_all');
}

/** Throws 403 unless the caller may change alerts. */
export function requireAlertWriter(principal: Principal): void {
  if (!canChangeAlerts(principal)) throw forbidden('You do not have permission to change alerts.');
}
