import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { agentsCategory } from './agents.ts';
import { alertsCategory } from './alerts.ts';
import { casesCategory } from './cases.ts';
import { customersCategory } from './customers.ts';
import { type Category, FOUND_COLUMNS, type FoundRow, type OmniboxItem } from './item.ts';
import { logsCategory } from './logs.ts';
import { searchTerms } from './terms.ts';
import { updatesCategory } from './updates.ts';

/** The categories in the order the answer lists them (spec 1, section 2.5). */
const CATEGORIES: Category[] = [
  agentsCategory,
  customersCategory,
  alertsCategory,
  casesCategory,
  logsCategory,
  updatesCategory,
];

/**
 * Suggestions for the typed text across every category, among the given customers, in the
 * caller's transaction (row-level security applies). All categories run as one statement: one
 * round trip on PostgreSQL, and on the embedded database a statement of its own costs a small
 * category more than its search does. Each category keeps its own ORDER BY and LIMIT inside.
 */
export async function searchOmnibox(
  tx: Db,
  customerIds: readonly string[],
  query: string,
): Promise<OmniboxItem[]> {
  const terms = searchTerms(query);
  const parts = CATEGORIES.map(
    (category, index) =>
      sql`select ${sql.raw(String(index))} as part, ${sql.raw(FOUND_COLUMNS)} from (${category.query(customerIds, terms)}) part${sql.raw(String(index))}`,
  );
  const rows = resultRows<FoundRow & { part: number }>(
    await tx.execute(
      sql`${sql.join(parts, sql` union all `)} order by part, rank, sort_name, sort_time desc, sort_id desc`,
    ),
  );
  return rows.map((row) => CATEGORIES[row.part]!.present(row));
}
