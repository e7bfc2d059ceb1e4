import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanUpSearchJobs, runSearch } from '../../../src/server/areas/logs/index.ts';
import { jobs, searchJobs } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

type User = { contactId: string };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe.each(backends())('search jobs on %s', (backend) => {
  const c = logsContext(backend);
  let seeded = false;

  /** Acme: one event a minute for the last 10 minutes, 4 of them "failed"; Globex: 3 "failed". */
  const seed = async () => {
    if (seeded) return;
    seeded = true;
    const acme = await c.tokenFor(c.t.fixtures.acme.customerId, 'windows');
    const globex = await c.tokenFor(c.t.fixtures.globex.customerId, 'windows');
    const acmeEvents = Array.from({ length: 10 }, (_, i) => ({
      '@timestamp': minutesAgo(i + 0.5),
      host: `ACME-${i}`,
      message: i % 3 === 0 ? 'logon failed' : 'logon ok',
    }));
    const globexEvents = Array.from({ length: 3 }, (_, i) => ({
      '@timestamp': minutesAgo(i + 0.5),
      host: 'GLOBEX-DC',
      message: 'logon failed',
    }));
    expect((await c.ingest(acme, acmeEvents)).statusCode).toBe(200);
    expect((await c.ingest(globex, globexEvents)).statusCode).toBe(200);
  };

  const start = async (user: User, search: Record<string, unknown>, period: Record<string, unknown>) => {
    await seed();
    const started = await c.t.as(user, {
      method: 'POST',
      url: '/api/search/v1/search/',
      payload: { search, period },
    });
    expect(started.statusCode, started.body).toBe(201);
    return started.json().id as string;
  };
  const read = async (user: User, id: string) => {
    const page = await c.t.as(user, { url: `/api/search/v1/search/${id}?size=100` });
    expect(page.statusCode, page.body).toBe(200);
    return page.json();
  };
  const db = () => c.t.database.db;
  const acmeUser = () => c.t.fixtures.acmeUser;

  it('answers an id at once; the job runner counts it; the status says running, then done', async () => {
    const id = await start(acmeUser(), { search_term: 'failed' }, { range: 900 });
    const before = await read(acmeUser(), id);
    expect(before).toMatchObject({ status: 'running', progress: 0, total: 0, results: [], error: null });
    const [queued] = await db().select().from(jobs).where(eq(jobs.kind, 'run-search'));
    expect(queued).toBeDefined();
    await c.runSearches();
    const after = await read(acmeUser(), id);
    expect(after).toMatchObject({ status: 'done', progress: 100, total: 4 });
    expect(after.results.map((e: { host: string }) => e.host)).toEqual([
      'ACME-0',
      'ACME-3',
      'ACME-6',
      'ACME-9',
    ]);
  });

  it('gives partial results while it runs: the newest slices first, exact once done', async () => {
    const id = await start(acmeUser(), {}, { range: 900 });
    // Half the period scanned (the newest 7.5 minutes), as a run leaves it between slices.
    const [row] = await db().select().from(searchJobs).where(eq(searchJobs.id, id));
    const request = row!.request as { from: string; to: string };
    const middle = new Date((new Date(request.from).getTime() + new Date(request.to).getTime()) / 2);
    await db()
      .update(searchJobs)
      .set({ scannedFrom: middle, progress: 50, total: 7 })
      .where(eq(searchJobs.id, id));
    const partial = await read(acmeUser(), id);
    expect(partial).toMatchObject({ status: 'running', progress: 50, total: 7 });
    expect(partial.results.length).toBe(7);
    expect(partial.results.every((e: { time: string }) => e.time >= middle.toISOString())).toBe(true);
    await c.runSearches();
    expect(await read(acmeUser(), id)).toMatchObject({ status: 'done', total: 10 });
  });

  it('a newer search cancels the older: its run stops and it answers no results', async () => {
    const first = await start(acmeUser(), { search_term: 'logon' }, { range: 900 });
    const second = await start(acmeUser(), { search_term: 'failed' }, { range: 900 });
    await c.runSearches();
    expect(await read(acmeUser(), first)).toMatchObject({ status: 'cancelled', results: [], progress: 0 });
    expect(await read(acmeUser(), second)).toMatchObject({ status: 'done', total: 4 });
    // Another user's search is not cancelled by this user's.
    const globexSearch = await start(c.t.fixtures.globexUser, { search_term: 'failed' }, { range: 900 });
    await start(acmeUser(), { search_term: 'ok' }, { range: 900 });
    await c.runSearches();
    expect(await read(c.t.fixtures.globexUser, globexSearch)).toMatchObject({ status: 'done', total: 3 });
  });

  it('POST /search/{id} runs it again with a relative period moved to now', async () => {
    const id = await start(acmeUser(), { search_term: 'failed' }, { range: 900 });
    await c.runSearches();
    const before = await read(acmeUser(), id);
    const again = await c.t.as(acmeUser(), { method: 'POST', url: `/api/search/v1/search/${id}` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().period.to >= before.period.to).toBe(true);
    expect(await read(acmeUser(), id)).toMatchObject({ status: 'running', progress: 0, total: 0 });
    await c.runSearches();
    expect(await read(acmeUser(), id)).toMatchObject({ status: 'done', total: 4 });
    // Another user cannot run it.
    const stranger = await c.t.as(c.t.fixtures.globexUser, {
      method: 'POST',
      url: `/api/search/v1/search/${id}`,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("tenancy: a run counts only the caller's customers; staff count both", async () => {
    const acme = await start(acmeUser(), { search_term: 'failed' }, { range: -1 });
    await c.runSearches();
    const acmeSide = await read(acmeUser(), acme);
    expect(acmeSide.total).toBe(4);
    expect(JSON.stringify(acmeSide)).not.toContain('GLOBEX');
    const staff = await start(c.t.fixtures.analyst, { search_term: 'failed' }, { range: 900 });
    await c.runSearches();
    expect((await read(c.t.fixtures.analyst, staff)).total).toBe(7);
  });

  it('a failing search ends as failed with its reason', async () => {
    const id = await start(acmeUser(), {}, { range: 900 });
    // A request no query can run (as a corrupted row would be): the run records the failure.
    await db()
      .update(searchJobs)
      .set({
        request: {
          mode: 'keyword',
          search_term: '',
          filters: [],
          source: null,
          from: 'x',
          to: 'y',
          customer_ids: [],
        },
      })
      .where(eq(searchJobs.id, id));
    await runSearch(db(), id);
    const failed = await read(acmeUser(), id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
    expect(failed.results).toEqual([]);
  });

  it('abandoned searches end; old history is deleted; reading keeps a search alive', async () => {
    const id = await start(acmeUser(), {}, { range: 900 });
    const now = new Date(Date.now() + 4 * 60_000);
    expect((await cleanUpSearchJobs(db(), now)).abandoned).toBe(0);
    await read(acmeUser(), id);
    const later = new Date(Date.now() + 6 * 60_000);
    expect((await cleanUpSearchJobs(db(), later)).abandoned).toBe(1);
    expect(await read(acmeUser(), id)).toMatchObject({ status: 'cancelled', error: 'abandoned' });
    await c.runSearches();
    expect((await read(acmeUser(), id)).status).toBe('cancelled');
    const farLater = new Date(Date.now() + 31 * 24 * 3600_000);
    expect((await cleanUpSearchJobs(db(), farLater)).deleted).toBeGreaterThan(0);
    expect((await c.t.as(acmeUser(), { url: `/api/search/v1/search/${id}` })).statusCode).toBe(404);
  });
});
