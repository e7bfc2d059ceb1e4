import { useSession } from '../../session/use-session.ts';

/** Staff and customer administrators with `modify_all` manage people (openapi/paths/users.yaml). */
export function useCanManageUsers(): boolean {
  const { me, permissions } = useSession();
  return !!me && permissions.includes('modify_all');
}
