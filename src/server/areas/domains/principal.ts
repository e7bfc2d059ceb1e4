import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { reachOver } from '../../auth/reach-now.ts';
import { users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/**
 * Who a scheduled scan acts as when it raises an alert: the user who added the domain as they are
 * now (or, once that user is gone or no longer sees the domain's customer, the partner's first
 * staff user), reaching that one customer only.
 */
export async function scanPrincipal(
  db: Db,
  domain: { createdBy: string; customerId: string },
  partnerId: string,
): Promise<Principal | null> {
  const own = await reachOver(db, { userId: domain.createdBy, partnerId }, [domain.customerId]);
  if ('principal' in own) return own.principal;
  const [staff] = await db
    .select({ contactId: users.contactId })
    .from(users)
    .where(and(eq(users.partnerId, partnerId), eq(users.roleLevel, 'Global')))
    .orderBy(asc(users.email))
    .limit(1);
  if (!staff) return null;
  const fallback = await reachOver(db, { userId: staff.contactId, partnerId }, [domain.customerId]);
  return 'principal' in fallback ? fallback.principal : null;
}
