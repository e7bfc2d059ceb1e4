import { and, count, inArray } from 'drizzle-orm';
import { alerts, cases } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler, RequestOf } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

type Counted = typeof alerts | typeof cases;

/** Counts rows of the caller's (requested) customers, optionally limited to statuses. */
function countIn(table: Counted) {
  return async (request: RequestOf<'countAlerts'>) => {
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

export const countAlerts: Handler<'countAlerts'> = countIn(alerts);

export const countCases: Handler<'countCases'> = countIn(cases);
