import {
  and,
  arrayOverlaps,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { Principal } from '../../auth/principal.ts';
import { alerts } from '../../db/schema/index.ts';
import { escapeLike, inIds } from '../../db/sql-helpers.ts';
import { badRequest } from '../../errors.ts';
import { requestedCustomers } from '../../platform/scope.ts';

/** The list's filters (spec 2, sections 2 and 9), from query parameters or a bulk update's body. */
export type AlertFilter = components['schemas']['AlertFilter'];

const DAY_MS = 86_400_000;

/**
 * The SQL condition of a filter, always limited to the caller's customers (row-level security
 * limits again). `where` names the filter in error details: `querystring` or `body.filter`.
 */
export function alertFilterCondition(principal: Principal, filter: AlertFilter, where: string): SQL {
  const customers = requestedCustomers(principal.scope.customerIds, filter.customer_ids);
  const conditions: (SQL | undefined)[] = [inIds(alerts.customerId, customers)];

  if (filter.statuses?.length) conditions.push(inArray(alerts.status, filter.statuses));
  if (filter.priorities?.length) conditions.push(inArray(alerts.priority, filter.priorities));
  if (filter.case === 'assigned') conditions.push(isNotNull(alerts.caseId));
  if (filter.case === 'none') conditions.push(isNull(alerts.caseId));
  if (filter.case_id !== undefined) conditions.push(eq(alerts.caseId, filter.case_id));
  if (filter.title) conditions.push(ilike(alerts.title, `%${escapeLike(filter.title)}%`));
  if (filter.query) conditions.push(freeText(filter.query));
  if (filter.assigned_to) {
    const email = filter.assigned_to === 'me' ? principal.user.email : filter.assigned_to;
    // Stored in the account's own spelling, which is almost always lower-case.
    conditions.push(arrayOverlaps(alerts.assignedUsers, [...new Set([email, email.toLowerCase()])]));
  }
  conditions.push(...dateConditions(filter, where));
  return and(...conditions) ?? sql`true`;
}

/** Title, host name, type and external source contain the text; a number is also an alert id. */
function freeText(text: string): SQL {
  const pattern = `%${escapeLike(text.trim())}%`;
  const numeric = /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null;
  return (
    or(
      ilike(alerts.title, pattern),
      ilike(alerts.hostName, pattern),
      ilike(alerts.type, pattern),
      ilike(alerts.externalSource, pattern),
      numeric !== null ? eq(alerts.id, numeric) : undefined,
    ) ?? sql`false`
  );
}

/** `days` counts back from now; `from`/`to` is an absolute window instead (spec 2, section 9). */
function dateConditions(filter: AlertFilter, where: string): SQL[] {
  const absolute = filter.from !== undefined || filter.to !== undefined;
  if (absolute && filter.days !== undefined && filter.days !== -1) {
    throw badRequest(`${where}.days`, 'cannot be combined with from or to');
  }
  if (absolute) {
    const from = filter.from ? new Date(filter.from) : null;
    const to = filter.to ? new Date(filter.to) : null;
    if (from && to && from.getTime() >= to.getTime()) throw badRequest(`${where}.to`, 'must be after from');
    return [from ? gte(alerts.createdAt, from) : undefined, to ? lt(alerts.createdAt, to) : undefined].filter(
      (c): c is SQL => c !== undefined,
    );
  }
  if (filter.days === undefined || filter.days === -1) return [];
  return [gte(alerts.createdAt, new Date(Date.now() - filter.days * DAY_MS))];
}
