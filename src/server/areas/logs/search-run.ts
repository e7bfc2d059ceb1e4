import { and, eq, lt, sql } from 'drizzle-orm';
import { reachOver } from '../../auth/reach-now.ts';
import { searchJobs } from '../../db/schema/index.ts';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobLogger } from '../../jobs/types.ts';
import { type StoredSearch, whereOf } from './search.ts';

/** The job kind that runs one search in the background. */
export const SEARCH_JOB = 'run-search';

/** Slices of the period a run counts one after another, newest first, reporting progress. */
const SLICES = 10;

/** A running search nobody has read for this long is abandoned: it ends. */
export const ABANDONED_AFTER_MS = 5 * 60_000;
/** Finished searches are the user's history; past this age they are deleted. */
export const HISTORY_KEPT_MS = 30 * 24 * 3600_000;

export type SearchJobRow = typeof searchJobs.$inferSelect;

/** Queues the background run of a search, once the search row is committed. */
export function enqueueSearchRun(db: Db, searchId: string) {
  return enqueueJob(db, SEARCH_JOB, { search_id: searchId });
}

/** The part of the search already scanned: newest first, so the first pages are already right. */
export function scannedPart(search: StoredSearch, job: Pick<SearchJobRow, 'status' | 'scannedFrom'>) {
  if (job.status === 'done') return search;
  if (!job.scannedFrom) return null;
  return { ...search, from: job.scannedFrom.toISOString() };
}

async function firstEventTime(db: Db, search: StoredSearch): Promise<Date | null> {
  const [row] = resultRows<{ first: string | null }>(
    await db.execute(sql`select min(time)::text as first from log_events where ${whereOf(search)}`),
  );
  return row?.first ? new Date(row.first) : null;
}

/** Still running (not cancelled or abandoned since the last slice)? */
async function stillRunning(db: Db, id: string) {
  const [row] = await db.select({ status: searchJobs.status }).from(searchJobs).where(eq(searchJobs.id, id));
  return row?.status === 'running';
}

/**
 * Why a search ended without a result, as the reason code `error` carries (never the statement or
 * its parameters: those go to the log). `abandoned` is set by the clean-up.
 */
export const SEARCH_FAILURES = {
  failed: 'failed',
  noAccess: 'no_access',
} as const;

const quietLog: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Runs a search: counts its events slice by slice from the newest, recording after each slice how
 * far it has scanned and the count so far, so readers see partial results; stops as soon as the
 * search is cancelled. A search that fails (a statement error) ends as failed with a reason code;
 * the error itself goes to the log. Runs on the system connection for the customers of the
 * search that its asker (user or API key) still sees now; one whose asker sees none of them ends
 * as failed (`no_access`).
 */
export async function runSearch(db: Db, id: string, log: JobLogger = quietLog): Promise<void> {
  const [job] = await db.select().from(searchJobs).where(eq(searchJobs.id, id));
  if (job?.status !== 'running') return;
  const asked = job.request as unknown as StoredSearch;
  const running = and(eq(searchJobs.id, id), eq(searchJobs.status, 'running'));
  const reach = await reachOver(db, { userId: job.userId, apiKeyId: job.apiKeyId }, asked.customer_ids);
  if ('refused' in reach) {
    await db
      .update(searchJobs)
      .set({ status: 'failed', error: SEARCH_FAILURES.noAccess, finishedAt: new Date() })
      .where(running);
    return;
  }
  const search: StoredSearch = { ...asked, customer_ids: reach.customerIds };
  try {
    const to = new Date(search.to);
    const from = search.from ? new Date(search.from) : await firstEventTime(db, search);
    if (!from) {
      await db
        .update(searchJobs)
        .set({ status: 'done', progress: 100, total: 0, scannedFrom: to, finishedAt: new Date() })
        .where(running);
      return;
    }
    const span = Math.max(1, to.getTime() - from.getTime());
    let total = 0;
    for (let i = 1; i <= SLICES; i++) {
      if (!(await stillRunning(db, id))) return;
      const sliceTo = new Date(to.getTime() - ((i - 1) * span) / SLICES);
      const sliceFrom = i === SLICES ? from : new Date(to.getTime() - (i * span) / SLICES);
      const slice = { ...search, from: sliceFrom.toISOString(), to: sliceTo.toISOString() };
      // The slices meet at their bounds; the newer slice keeps its lower bound, this one excludes it.
      const upper = i === 1 ? sql`true` : sql`time < ${sliceTo.toISOString()}::timestamptz`;
      const [row] = resultRows<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from log_events where ${whereOf(slice)} and ${upper}`),
      );
      total += row?.n ?? 0;
      const done = i === SLICES;
      await db
        .update(searchJobs)
        .set({
          total,
          scannedFrom: sliceFrom,
          progress: Math.round((i * 100) / SLICES),
          ...(done ? { status: 'done', finishedAt: new Date() } : {}),
        })
        .where(running);
    }
  } catch (error) {
    log.error(
      `${SEARCH_JOB}: search ${id} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    await db
      .update(searchJobs)
      .set({ status: 'failed', error: SEARCH_FAILURES.failed, finishedAt: new Date() })
      .where(running);
  }
}

/**
 * Ends searches nobody reads any more (the screen polls while it shows one, so a running search
 * not read for `ABANDONED_AFTER_MS` was left) and deletes history past its age.
 */
export async function cleanUpSearchJobs(db: Db, now = new Date()) {
  const abandoned = await db
    .update(searchJobs)
    .set({ status: 'cancelled', error: 'abandoned', finishedAt: now })
    .where(
      and(
        eq(searchJobs.status, 'running'),
        lt(searchJobs.lastReadAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
      ),
    )
    .returning({ id: searchJobs.id });
  const deleted = await db
    .delete(searchJobs)
    .where(lt(searchJobs.createdAt, new Date(now.getTime() - HISTORY_KEPT_MS)))
    .returning({ id: searchJobs.id });
  return { abandoned: abandoned.length, deleted: deleted.length };
}
