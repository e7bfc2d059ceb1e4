import { eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.ts';
import { savedSearches } from '../../../db/schema/index.ts';
import { resultRows, VISIBLE_LOG_EVENTS } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { notFound } from '../../../errors.ts';
import { whereOf } from '../search.ts';
import { ruleSearch } from './rule-search.ts';

const EVENTS = sql.raw(VISIBLE_LOG_EVENTS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How many events a saved search finds for one customer over the `minutes` before `at`, counted
 * as its alert rules count them, in the caller's scoped transaction (a workflow's step, as its
 * publisher): a saved search or customer out of their reach is not found.
 */
export async function countSavedSearch(
  tx: Db,
  principal: Principal,
  savedSearchId: string,
  customerId: string,
  minutes: number,
  at: Date,
): Promise<number> {
  const [saved] = UUID.test(savedSearchId)
    ? await tx.select().from(savedSearches).where(eq(savedSearches.id, savedSearchId))
    : [];
  if (!saved) throw notFound(`Saved search ${savedSearchId}`);
  const reach = principal.scope.customerIds.filter((id) => id === customerId);
  const search = ruleSearch(saved, reach, at, minutes * 60);
  if (search.customer_ids.length === 0) return 0;
  const [row] = resultRows<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ${EVENTS} where ${whereOf(search)}`),
  );
  return row?.n ?? 0;
}
