import { and, count, inArray } from 'drizzle-orm';
import { alerts, cases } from '../db/schema/index.ts';
import { inIds } from '../db/sql-helpers.ts';
import { asCaller, principalOf } from '../plugins/auth.ts';
import { requestedCustomers } from './present.ts';
import type { Handlers } from './types.ts';

type Counted = typeof alerts | typeof cases;

/** Counts rows of the caller's (requested) customers, optionally limited to statuses. */
function countIn(table: Counted) {
  return async (request: Parameters<Handlers<'countAlerts'>['countAlerts']>[0]) => {
    const { scope } = principalOf(request);
    const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
    const statuses = request.query.statuses;
    const [row] = await asCaller(request, (tx) =>
      tx
        .select({ n: count() })
        .from(table)
        .where(
          and(inIds(table.customerId, ids), statuses?.length ? inArray(table.status, statuses) : undefined),
        ),
    );
    return { count: row?.n ?? 0 };
  };
}

export const countHandlers: Handlers<'countAlerts' | 'countCases'> = {
  countAlerts: countIn(alerts),
  countCases: countIn(cases),
};
