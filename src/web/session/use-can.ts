import { useCallback } from 'react';
import { type Access, accessSubject, mayAccess } from './access.ts';
import { useSession } from './use-session.ts';

/**
 * `can(operationId)`: whether the signed-in user may call the operation (or pass a route's own
 * rule), answered from the contract's access table (src/api/access.generated.ts) that the server
 * enforces. Buttons and forms that would only be refused are hidden, because the server's 403
 * would also end the session (a watched status, spec 1 section 4.1 step 7). False until the user
 * is loaded.
 */
export function useCan(): (access: Access) => boolean {
  const { status, me, permissions, admin, attributes } = useSession();
  return useCallback(
    (access: Access) =>
      status === 'ready' && mayAccess(access, accessSubject(me, { permissions, admin, attributes })),
    [status, me, permissions, admin, attributes],
  );
}
