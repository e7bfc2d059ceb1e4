import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

type User = { contactId: string };
interface Suggestion {
  value: string;
  label: string;
  url: string;
  category: string;
}

describe.each(backends())('omnibox logs category on %s', (backend) => {
  const c = logsContext(backend);

  const save = async (user: User, payload: Record<string, unknown>) => {
    const response = await c.t.as(user, { method: 'POST', url: '/api/search/v1/saved/', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const logs = async (user: User, query: string) => {
    const response = await c.t.as(user, { url: `/api/search/omnibox?${new URLSearchParams({ query })}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().suggestions as Suggestion[]).filter((s) => s.category === 'logs');
  };

  it('lists the saved searches the caller may see, opening the search screen on their query and source', async () => {
    const { acmeUser, globexUser, analyst, acme } = c.t.fixtures;
    const mine = await save(acmeUser, {
      name: 'Failed logons',
      scope: 'private',
      search: { search_term: 'EventID:4625', source: 'windows' },
    });
    const shared = await save(analyst, {
      name: 'Failed firewall denies',
      scope: 'customer',
      customer_id: acme.customerId,
      search: { search_term: 'action:deny', source: 'firewall' },
    });
    const found = await logs(acmeUser, 'failed');
    expect(found.map((s) => s.value).sort()).toEqual([mine, shared].sort());
    const logons = found.find((s) => s.value === mine)!;
    expect(logons.label).toBe('Failed logons');
    expect(logons.url).toBe('/search?query=EventID%3A4625&source=windows');
    // Another customer's user sees neither the private search nor the one shared with Acme.
    expect(await logs(globexUser, 'failed')).toEqual([]);
    // The provider's analyst sees the customer-scoped one, not the Acme user's private one.
    expect((await logs(analyst, 'failed')).map((s) => s.value)).toEqual([shared]);
  });
});
