import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUpdates } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const UPDATES = '/api/updates/v1/updates/';
const at = (day: number) => new Date(Date.UTC(2026, 0, day, 9));

describe.each(backends())('sorting the platform updates, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.database.db.insert(platformUpdates).values([
      { category: 'maintenance', title: 'bravo', body: 'Charlie text', createdAt: at(1), publishedAt: at(3) },
      { category: 'agent_release', title: 'Alpha', body: 'alpha text', createdAt: at(2), publishedAt: at(5) },
      { category: 'announcement', title: 'Delta', body: 'Bravo text', createdAt: at(3), publishedAt: at(4) },
      // A draft: only administrators list it; its creation time stands for its publication.
      {
        category: 'platform_feature',
        title: 'charlie',
        body: 'delta text',
        createdAt: at(6),
        publishedAt: null,
      },
    ]);
  });
  afterAll(() => t.close());

  const titles = async (query: Record<string, string>, user = t.fixtures.acmeUser) => {
    const response = await t.as(user, { url: UPDATES, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().updates.map((u: { title: string }) => u.title);
  };

  it('without a sort: drafts first, then the newest publication', async () => {
    expect(await titles({})).toEqual(['Alpha', 'Delta', 'bravo']);
    expect(await titles({ include_drafts: 'true' }, t.fixtures.admin)).toEqual([
      'charlie',
      'Alpha',
      'Delta',
      'bravo',
    ]);
  });

  it('sorts by each column ascending and descending, text case aside', async () => {
    expect(await titles({ sort: 'title' })).toEqual(['Alpha', 'bravo', 'Delta']);
    expect(await titles({ sort: 'title', order: 'desc' })).toEqual(['Delta', 'bravo', 'Alpha']);
    expect(await titles({ sort: 'category' })).toEqual(['Alpha', 'Delta', 'bravo']);
    expect(await titles({ sort: 'category', order: 'desc' })).toEqual(['bravo', 'Delta', 'Alpha']);
    expect(await titles({ sort: 'published' })).toEqual(['bravo', 'Delta', 'Alpha']);
    expect(await titles({ sort: 'published', order: 'desc' })).toEqual(['Alpha', 'Delta', 'bravo']);
    expect(await titles({ sort: 'body' })).toEqual(['Alpha', 'Delta', 'bravo']);
    expect(await titles({ sort: 'body', order: 'desc' })).toEqual(['bravo', 'Delta', 'Alpha']);
  });

  it('sorts a draft by its creation time, and pages over the sorted rows', async () => {
    const admin = t.fixtures.admin;
    expect(await titles({ include_drafts: 'true', sort: 'published', order: 'desc' }, admin)).toEqual([
      'charlie',
      'Alpha',
      'Delta',
      'bravo',
    ]);
    expect(await titles({ sort: 'title', batch_size: '2', offset: '2' })).toEqual(['Delta']);
  });

  it('refuses an unknown sort or order with 400 naming the field', async () => {
    for (const [query, field] of [
      [{ sort: 'excerpt' }, 'querystring.sort'],
      [{ sort: 'title', order: 'up' }, 'querystring.order'],
    ] as const) {
      const response = await t.as(t.fixtures.acmeUser, { url: UPDATES, query });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].field).toBe(field);
    }
  });
});
