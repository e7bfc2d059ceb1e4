import { and, eq, ne } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { stillVisible } from '../../auth/reach-now.ts';
import { searchJobs } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { notFound } from '../../errors.ts';
import type { Handler, RequestOf } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { sourceAddressMap } from './map.ts';
import { resolvePeriod } from './period.ts';
import { countOf, hitsOverTime, type StoredSearch, searchPage, topValues } from './search.ts';
import { checkedSearch } from './search-request.ts';
import { enqueueSearchRun, type SearchJobRow, scannedPart } from './search-run.ts';

const DEFAULT_PAGE = 100;

/** Cancels the user's open searches: a newer search replaces them, as in the screen. */
function cancelOpen(tx: Db, userId: string, except?: string) {
  const open = and(eq(searchJobs.userId, userId), eq(searchJobs.status, 'running'));
  return tx
    .update(searchJobs)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(except ? and(open, ne(searchJobs.id, except)) : open);
}

/**
 * Starts a search: checks it (a Lucene syntax error is a 400 with its position), keeps it as a
 * job, queues its background run and answers its id at once. The caller's older open searches
 * are cancelled.
 */
export const startSearch: Handler<'startSearch'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  // Checked whole now so a bad term, filter or period is refused before anything is kept.
  const stored = checkedSearch(
    body.search,
    body.period,
    requestedCustomers(principal.scope.customerIds, body.customer_ids),
  );
  const mode = stored.mode;
  const job = await asCaller(request, async (tx) => {
    await cancelOpen(tx, principal.user.contactId);
    const [created] = await tx
      .insert(searchJobs)
      .values({
        userId: principal.user.contactId,
        apiKeyId: principal.apiKey?.keyId ?? null,
        request: stored as unknown as Record<string, unknown>,
      })
      .returning();
    return created!;
  });
  await enqueueSearchRun(request.server.db, job.id);
  reply.status(201);
  return {
    id: job.id,
    mode,
    period: { from: stored.from, to: stored.to },
    customer_ids: stored.customer_ids,
  };
};

/**
 * Runs a search again: a relative period moves to now, the count starts over in the background
 * for the customers of the search the caller sees now (and as the caller: a key's rerun runs
 * with the key's reach), and the caller's other open searches are cancelled.
 */
export const rerunSearch: Handler<'rerunSearch'> = async (request) => {
  const principal = principalOf(request);
  const job = await asCaller(request, async (tx) => {
    const old = await jobOf(tx, request.params.id);
    const search = old.request as unknown as StoredSearch;
    search.customer_ids = stillVisible(principal, search.customer_ids);
    if (search.range_seconds != null) {
      const period = resolvePeriod({ range: search.range_seconds || -1 });
      search.from = period.from?.toISOString() ?? null;
      search.to = period.to.toISOString();
    }
    await cancelOpen(tx, principal.user.contactId, old.id);
    const [updated] = await tx
      .update(searchJobs)
      .set({
        request: search as unknown as Record<string, unknown>,
        apiKeyId: principal.apiKey?.keyId ?? null,
        status: 'running',
        progress: 0,
        total: 0,
        scannedFrom: null,
        error: null,
        finishedAt: null,
        lastReadAt: new Date(),
      })
      .where(eq(searchJobs.id, old.id))
      .returning();
    return updated!;
  });
  await enqueueSearchRun(request.server.db, job.id);
  const search = job.request as unknown as StoredSearch;
  return {
    id: job.id,
    mode: search.mode,
    period: { from: search.from, to: search.to },
    customer_ids: search.customer_ids,
  };
};

async function jobOf(tx: Db, id: string) {
  const [job] = await tx.select().from(searchJobs).where(eq(searchJobs.id, id));
  if (!job) throw notFound(`Search ${id}`);
  return job;
}

type WithId =
  | RequestOf<'getSearch'>
  | RequestOf<'getSearchHits'>
  | RequestOf<'getSearchMap'>
  | RequestOf<'getSearchTopValues'>;

/**
 * The search as this caller may read it: only the customers of the search they see now. A search
 * its creator ran over every customer, read with a key limited to one, reads that one; so does a
 * search read after its creator lost a customer.
 */
function forReader(principal: Principal, search: StoredSearch) {
  const customerIds = stillVisible(principal, search.customer_ids);
  return {
    search: { ...search, customer_ids: customerIds },
    narrowed: customerIds.length < search.customer_ids.length,
  };
}

/**
 * The job, read under the caller's row-level security (a job of another user is not found), with
 * its search narrowed to what the caller sees now.
 */
function withJob<T>(
  request: WithId,
  fn: (tx: Db, job: SearchJobRow, search: StoredSearch, narrowed: boolean) => Promise<T>,
) {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const job = await jobOf(tx, request.params.id);
    const { search, narrowed } = forReader(principal, job.request as unknown as StoredSearch);
    return fn(tx, job, search, narrowed);
  });
}

/**
 * The search's status and progress with one page of the events scanned so far (newest first, so
 * the first page is final as soon as it is full); `total` is exact once the status is done.
 * Reading keeps a running search alive: one nobody reads is abandoned.
 */
export const getSearch: Handler<'getSearch'> = async (request) =>
  withJob(request, async (tx, job, search, narrowed) => {
    if (job.status === 'running') {
      await tx.update(searchJobs).set({ lastReadAt: new Date() }).where(eq(searchJobs.id, job.id));
    }
    const status = job.status as 'running' | 'done' | 'cancelled' | 'failed';
    const part = status === 'cancelled' || status === 'failed' ? null : scannedPart(search, job);
    // The job counted the customers its asker saw; a caller who sees fewer gets the total of theirs.
    const scanned = scannedPart(search, job);
    const total = narrowed ? (scanned ? await countOf(tx, scanned) : 0) : job.total;
    const base = {
      id: job.id,
      mode: search.mode,
      period: { from: search.from, to: search.to },
      status,
      progress: job.progress,
      total,
      error: job.error,
      customer_ids: search.customer_ids,
    };
    if (!part) return { ...base, results: [], search_after: null };
    const page = await searchPage(tx, part, request.query.size ?? DEFAULT_PAGE, request.query.search_after);
    return { ...base, ...page };
  });

/**
 * Hits over time. While the search runs, the buckets count the part scanned so far (`partial`),
 * so the chart fills in as the job goes; a cancelled or failed search has none.
 */
export const getSearchHits: Handler<'getSearchHits'> = async (request) => {
  const { job, search } = await withJob(request, async (_tx, job, search) => ({ job, search }));
  const status = job.status as 'running' | 'done' | 'cancelled' | 'failed';
  const part = status === 'cancelled' || status === 'failed' ? null : scannedPart(search, job);
  const hits = await asReader(request, (tx) => hitsOverTime(tx, search, part));
  return { ...hits, status, progress: job.progress, partial: status !== 'done' };
};

/** Source addresses of the search's events for the map, placed by GeoIP when it is configured. */
export const getSearchMap: Handler<'getSearchMap'> = async (request) => {
  const { job, search } = await withJob(request, async (_tx, job, search) => ({ job, search }));
  const status = job.status as 'running' | 'done' | 'cancelled' | 'failed';
  const part = status === 'cancelled' || status === 'failed' ? null : scannedPart(search, job);
  const map = await asReader(request, (tx) =>
    sourceAddressMap(tx, part, request.server.config.geoipDatabase),
  );
  return { ...map, status, partial: status !== 'done' };
};

export const getSearchTopValues: Handler<'getSearchTopValues'> = async (request) => {
  const { search } = await withJob(request, async (_tx, _job, search) => ({ search }));
  return asReader(request, (tx) => topValues(tx, search, request.params.field, request.query.count ?? 10));
};
