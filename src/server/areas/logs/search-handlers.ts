import { and, eq, ne } from 'drizzle-orm';
import { searchJobs } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Handler, RequestOf } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import type { SearchFilter } from './filters.ts';
import { resolvePeriod } from './period.ts';
import { detectMode } from './query.ts';
import { countOf, hitsOverTime, type StoredSearch, searchPage, topValues, whereOf } from './search.ts';
import { findSource } from './sources.ts';

const DEFAULT_PAGE = 100;

/**
 * Starts a search: checks it (a Lucene syntax error is a 400 with its position), keeps it as a
 * job and answers its id. The caller's older open searches are cancelled: a newer search replaces
 * them, as in the screen.
 */
export const startSearch: Handler<'startSearch'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  const term = body.search.search_term ?? '';
  const mode = body.search.mode ?? detectMode(term);
  const source = body.search.source ?? null;
  if (source && !findSource(source)) throw badRequest('search.source', 'is not a known source');
  const period = resolvePeriod(body.period);
  const stored: StoredSearch = {
    mode,
    search_term: term,
    filters: (body.search.filters ?? []) as SearchFilter[],
    source,
    from: period.from?.toISOString() ?? null,
    to: period.to.toISOString(),
    customer_ids: requestedCustomers(principal.scope.customerIds, body.customer_ids),
  };
  // Compiled now so a bad term or filter is refused before anything is kept.
  whereOf(stored);
  const job = await asCaller(request, async (tx) => {
    await tx
      .update(searchJobs)
      .set({ status: 'cancelled', finishedAt: new Date() })
      .where(and(eq(searchJobs.userId, principal.user.contactId), eq(searchJobs.status, 'running')));
    const [created] = await tx
      .insert(searchJobs)
      .values({ userId: principal.user.contactId, request: stored as unknown as Record<string, unknown> })
      .returning();
    return created!;
  });
  reply.status(201);
  return { id: job.id, mode, period: { from: stored.from, to: stored.to } };
};

async function jobOf(tx: Db, id: string) {
  const [job] = await tx.select().from(searchJobs).where(eq(searchJobs.id, id));
  if (!job) throw notFound(`Search ${id}`);
  return job;
}

type WithId = RequestOf<'getSearch'> | RequestOf<'getSearchHits'> | RequestOf<'getSearchTopValues'>;

/** The job's search, run under the caller's row-level security (a job of another user is not found). */
function withJob<T>(request: WithId, fn: (tx: Db, search: StoredSearch, status: string) => Promise<T>) {
  return asCaller(request, async (tx) => {
    const job = await jobOf(tx, request.params.id);
    return fn(tx, job.request as unknown as StoredSearch, job.status);
  });
}

/** The search's status and one page of results with the exact total; `search_after` pages on. */
export const getSearch: Handler<'getSearch'> = async (request) =>
  withJob(request, async (tx, search, status) => {
    const base = { id: request.params.id, mode: search.mode, period: { from: search.from, to: search.to } };
    if (status === 'cancelled')
      return { ...base, status, progress: 100, total: 0, results: [], search_after: null };
    const page = await searchPage(tx, search, request.query.size ?? DEFAULT_PAGE, request.query.search_after);
    const total = await countOf(tx, search);
    if (status === 'running') {
      await tx
        .update(searchJobs)
        .set({ status: 'done', finishedAt: new Date() })
        .where(and(eq(searchJobs.id, request.params.id), ne(searchJobs.status, 'cancelled')));
    }
    return { ...base, status: 'done' as const, progress: 100, total, ...page };
  });

export const getSearchHits: Handler<'getSearchHits'> = async (request) =>
  withJob(request, (tx, search) => hitsOverTime(tx, search));

export const getSearchTopValues: Handler<'getSearchTopValues'> = async (request) =>
  withJob(request, (tx, search) => topValues(tx, search, request.params.field, request.query.count ?? 10));
