import { type AccessRule, allows } from '../../common/permissions.ts';
import { useSession } from './use-session.ts';

/**
 * Whether the signed-in user passes the rule (spec 1, section 6), for the route guard and the
 * sidebar. False until the user is loaded; no rule means "signed in".
 */
export function useAccess(rule: AccessRule | undefined): boolean {
  const { status, permissions, admin, attributes } = useSession();
  if (status !== 'ready') return false;
  return !rule || allows(rule, { permissions, admin, attributes });
}
