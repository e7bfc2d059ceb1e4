import { arrayOverlaps, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { cases } from '../../db/schema/index.ts';
import { escapeLike, inIds } from '../../db/sql-helpers.ts';
import { badRequest } from '../../errors.ts';
import { requestedCustomers } from '../../platform/scope.ts';

/** The filters the case list and the case aggregation share (see openapi/paths/cases.yaml). */
export interface CaseFilter {
  customer_ids?: string[] | undefined;
  statuses?: string[] | undefined;
  query?: string | undefined;
  tags?: string[] | undefined;
  assigned_users?: string[] | undefined;
  risk_min?: number | undefined;
  risk_max?: number | undefined;
}

const CASE_NUMBER = /^#?(\d{1,15})$/;

/** Conditions for the filters, always limited to the caller's customers. */
export function caseConditions(principal: Principal, filter: CaseFilter): (SQL | undefined)[] {
  const customerIds = requestedCustomers(principal.scope.customerIds, filter.customer_ids);
  if (filter.risk_min !== undefined && filter.risk_max !== undefined && filter.risk_min > filter.risk_max) {
    throw badRequest('querystring.risk_min', 'must not be greater than risk_max');
  }
  const conditions: (SQL | undefined)[] = [inIds(cases.customerId, customerIds)];
  if (filter.statuses?.length) conditions.push(inArray(cases.status, filter.statuses));
  if (filter.tags?.length) conditions.push(arrayOverlaps(cases.tags, filter.tags));
  if (filter.assigned_users?.length) {
    const emails = filter.assigned_users.map((e) => (e === 'me' ? principal.user.email : e).toLowerCase());
    conditions.push(
      sql`exists (select 1 from unnest(${cases.assignedUsers}) as assignee(email) where lower(assignee.email) in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )}))`,
    );
  }
  if (filter.risk_min !== undefined) conditions.push(gte(cases.riskScore, filter.risk_min));
  if (filter.risk_max !== undefined) conditions.push(lte(cases.riskScore, filter.risk_max));
  const text = filter.query?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    const number = CASE_NUMBER.exec(text);
    conditions.push(
      or(
        number ? eq(cases.id, Number(number[1])) : undefined,
        ilike(cases.title, pattern),
        ilike(cases.description, pattern),
      ),
    );
  }
  return conditions;
}
