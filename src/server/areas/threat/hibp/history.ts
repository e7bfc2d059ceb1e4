import { desc, isNull, or } from 'drizzle-orm';
import { breachLookups } from '../../../db/schema/index.ts';
import { inIds } from '../../../db/sql-helpers.ts';
import type { Handler } from '../../../platform/handler.ts';
import { requestedCustomers } from '../../../platform/scope.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';

/**
 * GET /threat/hibp: past breach look-ups, newest first: the caller's customers' (those asked
 * for, within reach) and, for staff asking for no customer in particular, staff look-ups too.
 */
export const listBreachLookups: Handler<'listBreachLookups'> = async (request) => {
  const principal = principalOf(request);
  const customers = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const withStaff = principal.scope.global && !request.query.customer_ids?.length;
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(breachLookups)
      .where(
        or(
          inIds(breachLookups.customerId, customers),
          withStaff ? isNull(breachLookups.customerId) : undefined,
        ),
      )
      .orderBy(desc(breachLookups.requestedAt), breachLookups.account)
      .limit(request.query.limit ?? 100),
  );
  return {
    lookups: rows.map((r) => ({
      account: r.account,
      customer_id: r.customerId,
      status: r.status as 'in_progress' | 'done' | 'failed',
      breach_count: r.breaches.length,
      breaches: r.breaches,
      requested_at: r.requestedAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
      error: r.lastError,
    })),
  };
};
