import { useSession } from '../../session/use-session.ts';

/**
 * Whether the user may create and change cases and mutes (openapi/paths/cases.yaml and
 * mutes.yaml): provider staff need `modify_all`, customer users manage their own customers'.
 * The controls are hidden otherwise, because the server's 403 would also end the session
 * (a watched status, spec 1 section 4.1 step 7).
 */
export function useCanChange(): boolean {
  const { me, permissions } = useSession();
  if (!me) return false;
  return me.user.role_level !== 'Global' || permissions.includes('modify_all');
}
