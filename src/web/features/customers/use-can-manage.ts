import { useSession } from '../../session/use-session.ts';

/** Customers are the provider's to manage: staff with `modify_all` (openapi/paths/customers.yaml). */
export function useCanManageCustomers(): boolean {
  const { me, permissions } = useSession();
  return !!me && me.user.role_level === 'Global' && permissions.includes('modify_all');
}
