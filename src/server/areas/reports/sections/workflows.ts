import { sql } from 'drizzle-orm';
import { resultRows } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';
import { endExclusive, type Period } from '../period.ts';

/**
 * Workflow runs started in the period for one customer, by workflow, most runs first. A workflow
 * the reader may not see (a provider-wide one, for a customer's user) is counted without its name.
 */
export async function readWorkflowRuns(tx: Db, customerId: string, period: Period, limit: number) {
  const rows = resultRows<{
    workflow_id: string;
    name: string | null;
    runs: number;
    succeeded: number;
    failed: number;
  }>(
    await tx.execute(sql`select r.workflow_id::text as workflow_id, w.name,
        count(*)::int as runs,
        (count(*) filter (where r.status = 'succeeded'))::int as succeeded,
        (count(*) filter (where r.status = 'failed'))::int as failed
      from workflow_runs r left join workflows w on w.id = r.workflow_id
      where r.customer_id = ${customerId} and r.created_at >= ${period.start}::date
        and r.created_at < ${endExclusive(period)}::timestamptz
      group by r.workflow_id, w.name
      order by count(*) desc, w.name nulls last, r.workflow_id`),
  );
  return {
    runs: rows.reduce((sum, row) => sum + row.runs, 0),
    failed: rows.reduce((sum, row) => sum + row.failed, 0),
    workflows: rows.slice(0, limit).map((row) => ({ ...row, name: row.name || null })),
  };
}
