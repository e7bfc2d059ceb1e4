import { useSession } from '../../session/use-session.ts';

/** Same rule as the server's requireModify: staff need `modify_all`; customer users manage their own domains. */
export function useCanManageDomains(): boolean {
  const { me, permissions } = useSession();
  return !!me && (me.user.role_level !== 'Global' || permissions.includes('modify_all'));
}
