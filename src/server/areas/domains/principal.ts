import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { partners, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/**
 * Who a scheduled scan acts as when it raises an alert: the user who added the domain (or, once
 * that user is gone, the partner's first staff user), reaching that one customer only.
 */
export async function scanPrincipal(
  db: Db,
  domain: { createdBy: string; customerId: string },
  partnerId: string,
): Promise<Principal | null> {
  const [own] = await db.select().from(users).where(eq(users.contactId, domain.createdBy));
  const user =
    own ??
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.partnerId, partnerId), eq(users.roleLevel, 'Global')))
        .orderBy(asc(users.email))
        .limit(1)
    )[0];
  if (!user) return null;
  const [partner] = await db.select().from(partners).where(eq(partners.partnerId, user.partnerId));
  if (!partner) return null;
  return {
    session: { sessionId: 'scan-lookalikes', userId: user.contactId, impersonatorId: null },
    user,
    partner,
    impersonator: null,
    permissions: user.permissions,
    scope: {
      partnerId: user.partnerId,
      userId: user.contactId,
      customerIds: [domain.customerId],
      global: false,
    },
  };
}
