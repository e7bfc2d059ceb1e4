import { and, asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { workflowRuns, workflowSteps, workflows } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, notFound } from '../../errors.ts';
import { customerNotFound } from '../../platform/scope.ts';
import type { RunRow, StepRow, WorkflowRow } from './present.ts';

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * A workflow is visible when every customer it names is one the caller may see; one for every
 * customer (none named) only to callers who reach every customer (row-level security says the same).
 */
export function visibleWorkflow(principal: Principal) {
  return and(
    eq(workflows.partnerId, principal.user.partnerId),
    sql`${workflows.customerIds} <@ ${uuidArray(principal.scope.customerIds)}`,
    principal.scope.global ? undefined : sql`cardinality(${workflows.customerIds}) > 0`,
  );
}

/** One visible workflow, or 404 (never 403: another customer's workflow must not reveal itself). */
export async function loadWorkflow(
  tx: Db,
  principal: Principal,
  id: string,
  options: { lock?: boolean } = {},
): Promise<WorkflowRow> {
  const query = tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, id), visibleWorkflow(principal)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Workflow ${id}`);
  return row;
}

/**
 * The names of those of these workflows the caller may see, for a run list: a run outlives its
 * deleted workflow, and a run of the caller's customer may belong to a workflow they cannot see.
 */
export async function visibleWorkflowNames(
  tx: Db,
  principal: Principal,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: workflows.id, name: workflows.name })
    .from(workflows)
    .where(and(sql`${workflows.id} = any (${uuidArray([...new Set(ids)])})`, visibleWorkflow(principal)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The customers a workflow is for, each one the caller may see; none (every customer) only for those who reach all. */
export function checkedCustomers(principal: Principal, asked: readonly string[]): string[] {
  for (const id of asked) if (!principal.scope.customerIds.includes(id)) throw customerNotFound(id);
  if (asked.length === 0 && !principal.scope.global)
    throw badRequest('body.customer_id', 'choose the customers: you do not reach every customer');
  return [...asked];
}

/** One run of a customer the caller may see, or 404. */
export async function loadRun(
  tx: Db,
  principal: Principal,
  runId: string,
  options: { lock?: boolean } = {},
): Promise<RunRow> {
  const query = tx
    .select()
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.id, runId),
        eq(workflowRuns.partnerId, principal.user.partnerId),
        inIds(workflowRuns.customerId, principal.scope.customerIds),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Workflow run ${runId}`);
  return row;
}

export async function stepsOf(tx: Db, runId: string): Promise<StepRow[]> {
  return tx
    .select()
    .from(workflowSteps)
    .where(eq(workflowSteps.runId, runId))
    .orderBy(asc(workflowSteps.stepIndex));
}
