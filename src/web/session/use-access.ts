import type { Access } from './access.ts';
import { useCan } from './use-can.ts';

/**
 * Whether the signed-in user passes the access (spec 1, section 6), for the route guard. False
 * until the user is loaded; no access means "signed in".
 */
export function useAccess(access: Access | undefined): boolean {
  const can = useCan();
  return access === undefined ? can({}) : can(access);
}
