import { and, desc, eq, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { customers, jobs } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { conflict, notFound } from '../../errors.ts';
import { enqueueJob, requeueDeadJob } from '../../jobs/queue.ts';
import type { JobRow } from '../../jobs/types.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import type { Handler, ResultOf } from '../../platform/handler.ts';
import { customerNotFound } from '../../platform/scope.ts';
import { principalOf } from '../../plugins/auth.ts';
import { REBUILD_ROLLUPS_JOB } from '../dashboard/index.ts';

type Job = ResultOf<'retryJob'>;
type State = Job['state'];

export function jobState(row: JobRow): State {
  if (row.deadAt) return 'failed';
  if (row.doneAt) return 'done';
  return row.lockedAt ? 'running' : 'queued';
}

const STATE_FILTER: Record<State, SQL> = {
  queued: and(isNull(jobs.doneAt), isNull(jobs.lockedAt))!,
  running: and(isNull(jobs.doneAt), isNotNull(jobs.lockedAt))!,
  failed: isNotNull(jobs.deadAt),
  done: and(isNotNull(jobs.doneAt), isNull(jobs.deadAt))!,
};

/** A job as administrators see it: never its payload, which may name people or private data. */
export const presentJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  state: jobState(row),
  attempts: row.attempts,
  run_at: row.runAt.toISOString(),
  locked_at: row.lockedAt?.toISOString() ?? null,
  last_error: row.lastError,
  done_at: row.deadAt ? null : (row.doneAt?.toISOString() ?? null),
  failed_at: row.deadAt?.toISOString() ?? null,
  progress: row.progress ?? null,
});

const isCursor = (values: unknown[]): values is [number] =>
  values.length === 1 && Number.isSafeInteger(values[0]);

/**
 * The jobs table is the deployment's (system connection); a provider's administrators read their
 * provider's rows only.
 */
export const listJobs: Handler<'listJobs'> = async (request) => {
  const principal = principalOf(request);
  const { state, batch_size = 50, search_after } = request.query;
  const after = search_after ? decodeCursor(search_after, isCursor) : undefined;
  const rows = await request.server.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.partnerId, principal.user.partnerId),
        state ? STATE_FILTER[state] : undefined,
        after ? lt(jobs.id, after[0]) : undefined,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(batch_size + 1);
  const shown = rows.slice(0, batch_size);
  const last = shown.at(-1);
  return {
    jobs: shown.map(presentJob),
    search_after: rows.length > batch_size && last ? encodeCursor([last.id]) : null,
  };
};

export const retryJob: Handler<'retryJob'> = async (request) => {
  const principal = principalOf(request);
  const { id } = request.params;
  const result = await requeueDeadJob(request.server.db, id, principal.user.partnerId, (tx, job) =>
    audit(tx, principal, { action: 'retry', entity: 'job', entityId: String(id), after: { kind: job.kind } }),
  );
  if ('refused' in result) {
    if (result.refused === 'missing') throw notFound(`Job ${id}`);
    if (result.refused === 'pending')
      throw conflict('A run of this job is already waiting: it will run without a retry.');
    throw conflict('Only a failed job can be retried.');
  }
  return presentJob(result.job);
};

export const getJob: Handler<'getJob'> = async (request) => {
  const principal = principalOf(request);
  const { id } = request.params;
  const [row] = await request.server.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.partnerId, principal.user.partnerId)));
  if (!row) throw notFound(`Job ${id}`);
  return presentJob(row);
};

/**
 * Queues a rebuild of the dashboard's rollups for one customer of the caller's organisation, or
 * for all of them. One pending rebuild per scope: asking again answers the pending one.
 */
export const rebuildDashboardRollups: Handler<'rebuildDashboardRollups'> = async (request, reply) => {
  const principal = principalOf(request);
  const customerId = request.body.customer_id;
  const db = request.server.db;
  if (customerId) {
    const [customer] = await db
      .select({ id: customers.customerId })
      .from(customers)
      .where(and(eq(customers.customerId, customerId), eq(customers.partnerId, principal.user.partnerId)));
    if (!customer) throw customerNotFound(customerId);
  }
  const job = await db.transaction(async (tx) => {
    const queued = await enqueueJob(
      tx as unknown as Db,
      REBUILD_ROLLUPS_JOB,
      { partner_id: principal.user.partnerId, ...(customerId && { customer_id: customerId }) },
      {
        singletonKey: `${principal.user.partnerId}:${customerId ?? 'all'}`,
        partnerId: principal.user.partnerId,
      },
    );
    await audit(tx, principal, {
      action: 'rebuild',
      entity: 'dashboard_rollups',
      entityId: String(queued.id),
      customerId: customerId ?? null,
    });
    return queued;
  });
  reply.status(202);
  return presentJob(job);
};
