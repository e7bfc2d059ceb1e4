import { eq, inArray, sql } from 'drizzle-orm';
import { customers, partners, users } from '../db/schema/index.ts';
import type { Scope } from '../db/tenancy.ts';
import type { Db } from '../db/types.ts';
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
  /** Set when the caller is an API key rather than a console session. */
  apiKey?: { keyId: string; access: 'read' | 'read_write' };
}

/**
 * Loads the caller and the customers they may see (system connection: runs before any scope
 * exists). One query, since every request pays for it: the user (and the impersonator), their
 * partner, and the partner's customer ids.
 */
export async function loadPrincipal(db: Db, session: SessionClaims): Promise<Principal> {
  const ids = session.impersonatorId ? [session.userId, session.impersonatorId] : [session.userId];
  const found = await db
    .select({
      user: users,
      partner: partners,
      partnerCustomerIds: sql<
        string[]
      >`array(select ${customers.customerId} from ${customers} where ${customers.partnerId} = ${users.partnerId} order by 1)`,
    })
    .from(users)
    .innerJoin(partners, eq(partners.partnerId, users.partnerId))
    .where(inArray(users.contactId, ids));
  const own = found.find((row) => row.user.contactId === session.userId);
  if (!own) throw unauthorized();
  const { user, partner, partnerCustomerIds } = own;
  const impersonatorRow = session.impersonatorId
    ? found.find((row) => row.user.contactId === session.impersonatorId)?.user
    : undefined;
  // An impersonation lasts only while its administrator does: never act unattributed.
  if (session.impersonatorId && !impersonatorRow?.isAdmin) throw unauthorized();
  const global = user.roleLevel === 'Global';
  const allowed = new Set(user.validCustomerIds);
  const customerIds = partnerCustomerIds.filter((id) => global || allowed.has(id));
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
