import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

type User = { contactId: string };

describe.each(backends())('saved searches and history on %s', (backend) => {
  const c = logsContext(backend);
  const save = (user: User, payload: Record<string, unknown>) =>
    c.t.as(user, {
      method: 'POST',
      url: '/api/search/v1/saved/',
      payload: { search: { search_term: 'event_id:4625' }, period: { range: 900 }, ...payload },
    });
  const namesSeenBy = async (user: User) => {
    const response = await c.t.as(user, { url: '/api/search/v1/saved/' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().saved.map((s: { name: string }) => s.name);
  };

  it("scopes: private to the owner, customer to that customer's users, global to everyone", async () => {
    const { analyst, acmeUser, globexUser } = c.t.fixtures;
    const acme = c.t.fixtures.acme.customerId;
    expect((await save(acmeUser, { name: 'Acme private', scope: 'private' })).statusCode).toBe(201);
    expect(
      (await save(analyst, { name: 'Acme shared', scope: 'customer', customer_id: acme })).statusCode,
    ).toBe(201);
    expect((await save(analyst, { name: 'Everyone', scope: 'global' })).statusCode).toBe(201);

    expect(await namesSeenBy(acmeUser)).toEqual(['Acme private', 'Acme shared', 'Everyone']);
    expect(await namesSeenBy(globexUser)).toEqual(['Everyone']);
    expect(await namesSeenBy(analyst)).toEqual(['Acme shared', 'Everyone']);
  });

  it('only staff save global searches; a customer scope needs a visible customer', async () => {
    const { acmeUser } = c.t.fixtures;
    expect((await save(acmeUser, { name: 'Mine for all', scope: 'global' })).statusCode).toBe(403);
    const other = await save(acmeUser, {
      name: 'Theirs',
      scope: 'customer',
      customer_id: c.t.fixtures.globex.customerId,
    });
    expect(other.statusCode).toBe(404);
    const missing = await save(acmeUser, { name: 'No customer', scope: 'customer' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0]).toEqual({
      field: 'customer_id',
      reason: 'is required for a customer search',
    });
  });

  it('only the owner changes or deletes; others cannot reach a private one at all', async () => {
    const { analyst, acmeUser, globexUser } = c.t.fixtures;
    const shared = (await save(analyst, { name: 'Staff global', scope: 'global' })).json();
    const change = { name: 'Renamed', scope: 'global', search: { search_term: 'x' } };
    const byOther = await c.t.as(acmeUser, {
      method: 'PUT',
      url: `/api/search/v1/saved/${shared.id}`,
      payload: change,
    });
    expect(byOther.statusCode).toBe(403);
    const byOwner = await c.t.as(analyst, {
      method: 'PUT',
      url: `/api/search/v1/saved/${shared.id}`,
      payload: change,
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json()).toMatchObject({ name: 'Renamed', mine: true });

    const secret = (await save(acmeUser, { name: 'Secret', scope: 'private' })).json();
    expect(
      (await c.t.as(globexUser, { method: 'DELETE', url: `/api/search/v1/saved/${secret.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await c.t.as(acmeUser, { method: 'DELETE', url: `/api/search/v1/saved/${secret.id}` })).statusCode,
    ).toBe(204);
    expect(await namesSeenBy(acmeUser)).not.toContain('Secret');
  });

  it("history lists the caller's own searches, newest first, and deletes entries", async () => {
    const { acmeUser, globexUser } = c.t.fixtures;
    for (const term of ['first search', 'host:ACME*']) {
      const started = await c.t.as(acmeUser, {
        method: 'POST',
        url: '/api/search/v1/search/',
        payload: { search: { search_term: term } },
      });
      expect(started.statusCode).toBe(201);
    }
    const history = (await c.t.as(acmeUser, { url: '/api/search/v1/history/' })).json().history;
    expect(history.map((h: { search_term: string; mode: string }) => [h.search_term, h.mode])).toEqual([
      ['host:ACME*', 'lucene'],
      ['first search', 'keyword'],
    ]);
    expect((await c.t.as(globexUser, { url: '/api/search/v1/history/' })).json().history).toEqual([]);
    expect(
      (await c.t.as(globexUser, { method: 'DELETE', url: `/api/search/v1/history/${history[0].id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await c.t.as(acmeUser, { method: 'DELETE', url: `/api/search/v1/history/${history[0].id}` }))
        .statusCode,
    ).toBe(204);
    const after = (await c.t.as(acmeUser, { url: '/api/search/v1/history/' })).json().history;
    expect(after.map((h: { search_term: string }) => h.search_term)).toEqual(['first search']);
  });
});
