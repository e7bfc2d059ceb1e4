import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';

/**
 * The assignees as stored: each e-mail must be a user of the caller's organisation who can see
 * the case's customer (Global, or that customer among their customers) and whom the caller can
 * see; a customer user assigns only people of their customers, never the provider's staff.
 * People already assigned stay assignable even when the caller cannot see them, so editing a
 * case never fails over someone else's earlier choice. Matching ignores case; the stored form is
 * the account's own.
 */
export async function checkedAssignees(
  tx: Db,
  principal: Principal,
  customerId: string,
  requested: readonly string[],
  current: readonly string[],
): Promise<string[]> {
  const kept = new Map(current.map((email) => [email.toLowerCase(), email]));
  const wanted = requested.map((email) => email.toLowerCase());
  const unknown = [...new Set(wanted.filter((email) => !kept.has(email)))];
  const found = new Map<string, string>();
  if (unknown.length > 0) {
    const rows = await tx
      .select({ email: users.email, roleLevel: users.roleLevel, customerIds: users.validCustomerIds })
      .from(users)
      .where(
        and(eq(users.partnerId, principal.scope.partnerId), inArray(sql`lower(${users.email})`, unknown)),
      );
    for (const row of rows) {
      // Customer users see the provider's staff (for names) but assign only their own people.
      const assignable = principal.scope.global
        ? row.roleLevel === 'Global' || row.customerIds.includes(customerId)
        : row.roleLevel !== 'Global' && row.customerIds.includes(customerId);
      if (assignable) found.set(row.email.toLowerCase(), row.email);
    }
  }
  const result: string[] = [];
  wanted.forEach((email, i) => {
    const stored = kept.get(email) ?? found.get(email);
    if (!stored) throw badRequest(`body.assigned_users[${i}]`, 'is not a user who can see this customer');
    if (!result.includes(stored)) result.push(stored);
  });
  return result;
}
