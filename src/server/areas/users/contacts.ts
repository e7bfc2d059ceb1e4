import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { alerts, cases, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/** Users whose e-mail ends with this suffix are provisioning robots, hidden from lists (spec 2, section 3). */
export const PROVISIONING_ROBOT_SUFFIX = '@provisioning.watchfloor.internal';

const notRobot = sql`${users.email} not like ${`%${PROVISIONING_ROBOT_SUFFIX}`}`;

function uuidArray(ids: readonly string[]): SQL {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/**
 * A staff member a customer user may know of: assigned to one of the customer's alerts or cases,
 * so their address is already on what the customer sees. Comment authors are named on the comment.
 */
function actsForCustomers(customerIds: readonly string[]): SQL {
  const scope = uuidArray(customerIds);
  return sql`(exists (select 1 from ${alerts} where ${alerts.customerId} = any(${scope}) and ${alerts.assignedUsers} @> array[${users.email}])
    or exists (select 1 from ${cases} where ${cases.customerId} = any(${scope}) and ${cases.assignedUsers} @> array[${users.email}]))`;
}

/**
 * The contacts a caller may list. Staff see every user of their organisation. A customer user sees
 * the people of their own customers (and themselves), and of the provider's staff only those who
 * act on their customers' alerts or cases, by name: never the staff's other customers nor last sign-in.
 */
export async function visibleContacts(tx: Db, principal: Principal) {
  const { scope } = principal;
  if (scope.global) {
    return tx
      .select()
      .from(users)
      .where(and(eq(users.partnerId, scope.partnerId), notRobot))
      .orderBy(asc(users.email));
  }
  const ids = scope.customerIds;
  const own =
    ids.length > 0
      ? sql`(${users.roleLevel} <> 'Global' and ${users.validCustomerIds} && ${uuidArray(ids)})`
      : sql`false`;
  const staff =
    ids.length > 0 ? sql`(${users.roleLevel} = 'Global' and ${actsForCustomers(ids)})` : sql`false`;
  const rows = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.partnerId, scope.partnerId),
        notRobot,
        sql`(${users.contactId} = ${principal.user.contactId} or ${own} or ${staff})`,
      ),
    )
    .orderBy(asc(users.email));
  const reach = new Set(ids);
  return rows.map((row) =>
    row.roleLevel === 'Global'
      ? { ...row, validCustomerIds: [], lastLogin: null }
      : { ...row, validCustomerIds: row.validCustomerIds.filter((id) => reach.has(id)) },
  );
}
