import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, partners, users } from '../db/schema/index.ts';
import type { Scope } from '../db/tenancy.ts';
import { unauthorized } from '../errors.ts';
import type { SessionClaims } from './session-tokens.ts';

type UserRow = typeof users.$inferSelect;
type PartnerRow = typeof partners.$inferSelect;

/** Who is calling, resolved once per request from the session token. */
export interface Principal {
  session: SessionClaims;
  user: UserRow;
  partner: PartnerRow;
  impersonator: { contactId: string; email: string } | null;
  permissions: readonly string[];
  scope: Scope;
}

/** Loads the caller and the customers they may see (system connection: runs before any scope exists). */
export async function loadPrincipal(db: Db, session: SessionClaims): Promise<Principal> {
  const ids = session.impersonatorId ? [session.userId, session.impersonatorId] : [session.userId];
  const found = await db.select().from(users).where(inArray(users.contactId, ids));
  const user = found.find((u) => u.contactId === session.userId);
  if (!user) throw unauthorized();
  const impersonatorRow = session.impersonatorId
    ? found.find((u) => u.contactId === session.impersonatorId)
    : undefined;
  const [partner] = await db.select().from(partners).where(eq(partners.partnerId, user.partnerId));
  if (!partner) throw unauthorized();
  const global = user.roleLevel === 'Global';
  const partnerCustomers = await db
    .select({ customerId: customers.customerId })
    .from(customers)
    .where(eq(customers.partnerId, user.partnerId));
  const allowed = new Set(user.validCustomerIds);
  const customerIds = partnerCustomers.map((c) => c.customerId).filter((id) => global || allowed.has(id));
  return {
    session,
    user,
    partner,
    impersonator: impersonatorRow
      ? { contactId: impersonatorRow.contactId, email: impersonatorRow.email }
      : null,
    permissions: user.permissions,
    scope: { partnerId: user.partnerId, userId: user.contactId, customerIds, global },
  };
}
