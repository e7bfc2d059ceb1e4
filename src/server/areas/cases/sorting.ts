import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { cases } from '../../db/schema/index.ts';
import { alertCount } from './present.ts';

export type CaseSortKey = components['schemas']['CaseSortKey'];
export type CaseSortOrder = 'asc' | 'desc';

/** What each sort key orders by: text without regard to case, the customer by its name. */
const SORT_EXPRESSIONS: Record<CaseSortKey, SQL> = {
  id: sql`${cases.id}`,
  title: sql`lower(${cases.title})`,
  customer: sql`(select lower(sorted_customer.name) from customers as sorted_customer where sorted_customer.customer_id = ${cases.customerId})`,
  status: sql`${cases.status}`,
  risk_score: sql`${cases.riskScore}`,
  tags: sql`lower(array_to_string(${cases.tags}, ', '))`,
  assigned_users: sql`lower(array_to_string(${cases.assignedUsers}, ', '))`,
  alert_count: alertCount,
  updated_at: sql`${cases.updatedAt}`,
};

/** The default order: most recently updated first, then the newest case (the cursor's order). */
export const DEFAULT_ORDER: SQL[] = [desc(cases.updatedAt), desc(cases.id)];

/** ORDER BY for a sort: the column, then the id as the tiebreaker, both in the same direction. */
export function caseOrder(sort: CaseSortKey | undefined, order: CaseSortOrder | undefined): SQL[] {
  if (!sort) return DEFAULT_ORDER;
  const direction = order === 'asc' ? asc : desc;
  return sort === 'id' ? [direction(cases.id)] : [direction(SORT_EXPRESSIONS[sort]), direction(cases.id)];
}
