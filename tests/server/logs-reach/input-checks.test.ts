import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedSearches, searchJobs } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { reachContext } from './helpers.ts';

const HUNDREDS_OF_DIGITS = '9'.repeat(300);

describe.each(backends())('search input checked before anything is kept on %s', (backend) => {
  const c = reachContext(backend);
  const jobCount = async () => (await c.t.database.db.select({ id: searchJobs.id }).from(searchJobs)).length;
  const start = (payload: object) =>
    c.t.as(c.t.fixtures.acmeUser, { method: 'POST', url: '/api/search/v1/search/', payload });
  const expectRefused = (response: { statusCode: number; body: string; json(): unknown }, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json() as { error: { details: { field: string }[] } };
    // Named as the body holds it (the contract's checks prefix `body.`).
    expect(error.details.map((d) => d.field.replace(/^body\./, ''))).toContain(field);
  };

  it.each([
    ['a fraction for a whole-number field', { search: { search_term: 'event_id:>1.5' } }, 'search_term'],
    [
      'a number a whole-number field cannot hold',
      { search: { search_term: 'event_id:99999999999' } },
      'search_term',
    ],
    [
      'a range with hundreds of digits',
      { search: { search_term: `LogonType:[1 TO ${HUNDREDS_OF_DIGITS}]` } },
      'search_term',
    ],
    [
      'a time beyond the calendar in the term',
      { search: { search_term: 'time:>10000-01-01' } },
      'search_term',
    ],
    [
      'a period starting beyond the calendar',
      { search: { search_term: '' }, period: { from: '+010000-01-01T00:00:00.000Z' } },
      'period.from',
    ],
    [
      'a filter value a whole-number field cannot hold',
      { search: { search_term: '', filters: [{ field: 'event_id', operator: '=', value: '99999999999' }] } },
      'search.filters[0].value',
    ],
    [
      'a relative period of 2^53 seconds',
      { search: { search_term: '' }, period: { range: 2 ** 53 } },
      'period.range',
    ],
  ])('refuses %s as a 400 naming the field and starts no search', async (_what, payload, field) => {
    const before = await jobCount();
    expectRefused(await start(payload), field);
    expect(await jobCount()).toBe(before);
  });

  it('refuses a saved search created or changed with a search that cannot run, and keeps nothing', async () => {
    const user = c.t.fixtures.acmeUser;
    const save = (method: 'POST' | 'PUT', url: string, search: object) =>
      c.t.as(user, { method, url, payload: { name: 'Checked', scope: 'private', search } });
    expectRefused(
      await save('POST', '/api/search/v1/saved/', { search_term: 'event_id:>1.5' }),
      'search_term',
    );
    const created = await save('POST', '/api/search/v1/saved/', { search_term: 'event_id:4625' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expectRefused(
      await save('PUT', `/api/search/v1/saved/${id}`, { search_term: 'event_id:99999999999' }),
      'search_term',
    );
    expectRefused(
      await save('PUT', `/api/search/v1/saved/${id}`, { search_term: '', source: 'no-such-source' }),
      'search.source',
    );
    const [row] = await c.t.database.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row!.search).toEqual({ search_term: 'event_id:4625' });
  });

  it('answers the backtest of a stored saved search that no longer runs with a 400, not a 500', async () => {
    const user = c.t.fixtures.acmeUser;
    const created = await c.t.as(user, {
      method: 'POST',
      url: '/api/search/v1/saved/',
      payload: { name: 'Kept before checks', scope: 'private', search: { search_term: 'event_id:4625' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    // As kept before saved searches were checked: a value its field cannot hold.
    await c.t.database.db
      .update(savedSearches)
      .set({ search: sql`'{"search_term":"event_id:>1.5"}'::jsonb` })
      .where(eq(savedSearches.id, id));
    const backtest = await c.t.as(user, {
      method: 'POST',
      url: '/api/search/v1/alerting/backtest',
      payload: { saved_search_id: id, period: 300, priority: 'high', threshold: 1, realert: '5' },
    });
    expectRefused(backtest, 'saved_search_id');
  });
});
