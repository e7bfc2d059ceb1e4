import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { cases } from '../../../db/schema/index.ts';
import { resultRows } from '../../../db/tenancy.ts';
import { badRequest } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { rejectNulCharacters } from '../../../platform/input.ts';
import { requireVisibleCustomer } from '../../../platform/scope.ts';
import { changedSinceRead, changeVersioned, nextVersion } from '../../../platform/versioned.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { checkedAssignees } from '../assignees.ts';
import { afterCursor, cursorTimestamp, decodeCaseCursor, encodeCaseCursor } from '../cursor.ts';
import { caseConditions } from '../filters.ts';
import { audited, cleanTags, openCase } from '../open.ts';
import { alertCount, type CaseRow, caseDetail, loadCase, presentCaseSummary } from '../present.ts';
import { caseOrder } from '../sorting.ts';

/** Most buckets one aggregation answers. */
const MAX_BUCKETS = 1000;

/** Fields that hold several values per case: a case counts once per value. */
const ARRAY_FIELDS: Record<string, SQL> = {
  tags: sql`${cases.tags}`,
  assigned_users: sql`${cases.assignedUsers}`,
};
const SCALAR_FIELDS: Record<string, SQL> = {
  status: sql`${cases.status}`,
  customer_id: sql`${cases.customerId}::text`,
};

/** `lateral` join giving the values of one aggregation field as `<alias>.v`. */
function valuesOf(field: string, alias: 'fa' | 'fb'): SQL {
  const name = sql.raw(alias);
  const array = ARRAY_FIELDS[field];
  if (array) return sql`left join lateral unnest(${array}) as ${name}(v) on true`;
  const scalar = SCALAR_FIELDS[field];
  if (!scalar)
    throw badRequest(`params.${alias === 'fa' ? 'a' : 'b'}`, 'is not a field cases can be grouped by');
  return sql`cross join lateral (select ${scalar} as v) as ${name}`;
}

/** Rejects a risk range whose minimum is above its maximum, naming the field that was sent. */
function checkRiskRange(min: number | null, max: number | null, sent: 'risk_score_min' | 'risk_score_max') {
  if (min !== null && max !== null && min > max) {
    throw badRequest(
      `body.${sent}`,
      sent === 'risk_score_min'
        ? 'must not be greater than risk_score_max'
        : 'must not be less than risk_score_min',
    );
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const listCases: Handler<'listCases'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const query = request.query;
  const batchSize = query.batch_size ?? 50;
  if (query.sort && query.search_after) {
    throw badRequest(
      'querystring.search_after',
      'pages the default order only; page a sorted list with offset',
    );
  }
  const conditions = caseConditions(principal, query);
  if (query.ids?.length) conditions.push(inArray(cases.id, query.ids));
  const matching = and(...conditions);
  const paged = query.search_after
    ? and(matching, afterCursor(decodeCaseCursor(query.search_after)))
    : matching;
  const [rows, [counted]] = await asCaller(request, (tx) =>
    Promise.all([
      tx
        .select({ row: cases, count: alertCount, cursor: cursorTimestamp })
        .from(cases)
        .where(paged)
        .orderBy(...caseOrder(query.sort, query.order))
        .offset(query.offset ?? 0)
        .limit(batchSize + 1),
      tx.select({ total: count() }).from(cases).where(matching),
    ]),
  );
  const page = rows.slice(0, batchSize);
  const last = page.at(-1);
  const more = rows.length > batchSize && last !== undefined && !query.sort;
  return {
    cases: page.map((r) => presentCaseSummary(r.row, r.count)),
    total: counted?.total ?? 0,
    search_after: more ? encodeCaseCursor({ updatedAt: last.cursor, id: last.row.id }) : null,
  };
};

export const getCase: Handler<'getCase'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, (tx) => caseDetail(tx, principal, request.params.id));
};

export const createCase: Handler<'createCase'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  requireVisibleCustomer(principal, body.customer_id);
  checkRiskRange(body.risk_score_min ?? null, body.risk_score_max ?? null, 'risk_score_min');
  const detail = await asCaller(request, async (tx) => {
    const row = await openCase(tx, principal, {
      customerId: body.customer_id,
      title: body.title,
      description: body.description ?? '',
      status: body.status ?? 'new',
      tags: body.tags ?? [],
      assignedUsers: body.assigned_users ?? [],
      riskScoreMin: body.risk_score_min ?? null,
      riskScoreMax: body.risk_score_max ?? null,
      fields: body.fields ?? {},
      alertIds: body.alert_ids ?? [],
    });
    return caseDetail(tx, principal, row.id);
  });
  reply.status(201);
  return detail;
};

export const updateCase: Handler<'updateCase'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  return asCaller(request, async (tx) => {
    const { before } = await changeVersioned(tx, principal, {
      lock: () => loadCase(tx, principal, request.params.id, true),
      expectedVersion: body.version,
      staleMessage: (current) => changedSinceRead(`Case ${current.id}`, current, body.version),
      apply: async (before) => {
        const riskMin = body.risk_score_min !== undefined ? body.risk_score_min : before.riskScoreMin;
        const riskMax = body.risk_score_max !== undefined ? body.risk_score_max : before.riskScoreMax;
        checkRiskRange(
          riskMin,
          riskMax,
          body.risk_score_min !== undefined ? 'risk_score_min' : 'risk_score_max',
        );
        const next: Partial<typeof cases.$inferInsert> = {
          title: body.title !== undefined ? body.title.trim() : before.title,
          description: body.description ?? before.description,
          status: body.status ?? before.status,
          tags: body.tags ? cleanTags(body.tags) : before.tags,
          assignedUsers: body.assigned_users
            ? await checkedAssignees(
                tx,
                principal,
                before.customerId,
                body.assigned_users,
                before.assignedUsers,
              )
            : before.assignedUsers,
          riskScoreMin: riskMin,
          riskScoreMax: riskMax,
          fields: body.fields ?? before.fields,
        };
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
          (key) => !sameJson(next[key], before[key as keyof CaseRow]),
        );
        if (changed.length === 0) return null;
        const [after] = await tx
          .update(cases)
          .set({ ...next, ...nextVersion(cases) })
          .where(eq(cases.id, before.id))
          .returning();
        return after!;
      },
      audit: (before, after) => ({
        action: 'update',
        entity: 'case',
        entityId: String(before.id),
        customerId: before.customerId,
        before: audited(before),
        after: audited(after),
      }),
    });
    return caseDetail(tx, principal, before.id);
  });
};

export const aggregateCases: Handler<'aggregateCases'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const { a, b } = request.params;
  const conditions = caseConditions(principal, request.query);
  const rows = await asCaller(request, async (tx) =>
    resultRows<{ a: string | null; b: string | null; count: number }>(
      await tx.execute(sql`
        select fa.v as a, fb.v as b, count(*)::int as count
        from ${cases} ${valuesOf(a, 'fa')} ${valuesOf(b, 'fb')}
        where ${and(...conditions)}
        group by 1, 2
        order by 3 desc, 1 asc nulls last, 2 asc nulls last
        limit ${MAX_BUCKETS}`),
    ),
  );
  return { buckets: rows.map((r) => ({ a: r.a, b: r.b, count: Number(r.count) })) };
};
