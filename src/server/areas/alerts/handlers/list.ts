import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../../api/schema.d.ts';
import { alertRules, alerts } from '../../../db/schema/index.ts';
import { inIds } from '../../../db/sql-helpers.ts';
import { type Handler, sendJson } from '../../../platform/handler.ts';
import { requestedCustomers } from '../../../platform/scope.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { alertFilterCondition } from '../filters.ts';
import { afterCursor, cursorValueSql, decodeAlertCursor, encodeAlertCursor, orderBy } from '../sorting.ts';
import { alertSummaryJson } from '../summary-json.ts';

type AggregateField = components['schemas']['AlertAggregateField'];

/** Columns an aggregate may group by (the path's whitelist). */
const AGGREGATE_COLUMNS: Record<AggregateField, SQL> = {
  status: sql`${alerts.status}`,
  priority: sql`${alerts.priority}`,
  customer_id: sql`${alerts.customerId}::text`,
  external_source: sql`${alerts.externalSource}`,
  type: sql`${alerts.type}`,
  host_name: sql`${alerts.hostName}`,
  classification: sql`${alerts.classification}`,
};

/** The list counts matches exactly up to this many (one of the console's pages). */
export const TOTAL_CAP = 10_000;

/** now() of the list's transaction, as UTC text to the microsecond (a bulk update's `as_of`). */
const AS_OF = sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Most buckets one aggregate answers, largest first. */
const MAX_BUCKETS = 1000;

export const listAlerts: Handler<'listAlerts'> = async (request, reply) => {
  const principal = principalOf(request);
  const {
    sort = '@timestamp',
    order = 'desc',
    offset = 0,
    batch_size: batchSize = 100,
    search_after,
  } = request.query;
  const filter = alertFilterCondition(principal, request.query, 'querystring');
  const cursor = search_after ? decodeAlertCursor(search_after, sort, order) : null;
  const { rows, total, asOf } = await asCaller(request, async (tx) => {
    const rows = await tx
      .select({ id: alerts.id, json: alertSummaryJson, cursorValue: cursorValueSql(sort) })
      .from(alerts)
      .where(cursor ? and(filter, afterCursor(cursor)) : filter)
      .orderBy(...orderBy(sort, order))
      .limit(batchSize)
      .offset(offset);
    // Counting every match of a broad filter over a million alerts costs far more than the page:
    // count exactly up to TOTAL_CAP, as search engines do, and say when there are more.
    const capped = tx
      .select({ one: sql`1` })
      .from(alerts)
      .where(filter)
      .limit(TOTAL_CAP + 1)
      .as('capped');
    // The transaction's own moment: this page shows the database as of then.
    const [counted] = await tx.select({ n: count(), asOf: AS_OF }).from(capped);
    return { rows, total: counted?.n ?? 0, asOf: counted!.asOf };
  });
  const last = rows.at(-1);
  const searchAfter =
    last && rows.length === batchSize
      ? encodeAlertCursor({ sort, order, value: last.cursorValue, id: last.id })
      : null;
  return sendJson(
    reply,
    `{"alerts":[${rows.map((r) => r.json).join(',')}],"total":${Math.min(total, TOTAL_CAP)},"total_exact":${total <= TOTAL_CAP},"search_after":${JSON.stringify(searchAfter)},"as_of":${JSON.stringify(asOf)}}`,
  );
};

export const aggregateAlerts: Handler<'aggregateAlerts'> = async (request) => {
  const principal = principalOf(request);
  const filter = alertFilterCondition(principal, request.query, 'querystring');
  const a = AGGREGATE_COLUMNS[request.params.a];
  const b = AGGREGATE_COLUMNS[request.params.b];
  const rows = await asCaller(request, (tx) =>
    tx
      .select({ a: sql<string | null>`${a}`, b: sql<string | null>`${b}`, count: count() })
      .from(alerts)
      .where(filter)
      .groupBy(a, b)
      .orderBy(desc(count()), sql`1`, sql`2`)
      .limit(MAX_BUCKETS),
  );
  return { buckets: rows };
};

export const listAlertRules: Handler<'listAlertRules'> = async (request) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(alertRules)
      .where(inIds(alertRules.customerId, ids))
      .orderBy(asc(alertRules.id))
      .limit(request.query.batch_size ?? 1000)
      .offset(request.query.offset ?? 0),
  );
  return {
    rules: rows.map((r) => ({
      id: r.id,
      customer_id: r.customerId,
      name: r.name,
      description: r.description,
      priority: r.priority,
      enabled: r.enabled,
      query: r.query,
      created_at: r.createdAt.toISOString(),
    })),
  };
};
