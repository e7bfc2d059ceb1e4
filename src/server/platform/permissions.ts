import type { Principal } from '../auth/principal.ts';

/** Provider staff: role level Global (spec 1, section 6). They see private comments. */
export function isStaff(principal: Principal): boolean {
  return principal.user.roleLevel === 'Global';
}

/**
 * Who may change triage data (alerts, cases, mutes, comments): staff need `modify_all`; customer
 * users may change their own customers' data (row-level security keeps them there).
 */
export function canModify(principal: Principal): boolean {
  return !isStaff(principal) || principal.permissions.includes('modify_all');
}
