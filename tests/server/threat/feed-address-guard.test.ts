import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threatFeeds } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

/** Addresses of the server's own machine or network, each as people write them to get past a check. */
const internal: [string, string][] = [
  ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
  ['http://127.0.0.1:8080/feed.txt', '127.0.0.1 is a loopback address'],
  ['http://localhost/feed.txt', 'localhost resolves to 127.0.0.1, a loopback address'],
  ['http://2130706433/feed.txt', '127.0.0.1 is a loopback address'],
  ['http://0x7f.1/feed.txt', '127.0.0.1 is a loopback address'],
  ['http://0177.0.0.1/feed.txt', '127.0.0.1 is a loopback address'],
  ['http://[::ffff:127.0.0.1]/feed.txt', 'an IPv6 form of 127.0.0.1, a loopback address'],
  ['https://10.1.2.3/feed.txt', '10.1.2.3 is a private address'],
  ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
];

describe.each(backends())('feed addresses that lead inside, on %s', (backend) => {
  let t: TestApp;
  let feedId: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const [row] = await t.database.db
      .insert(threatFeeds)
      .values({ name: 'Public list', url: 'https://feeds.example.org/list.txt', format: 'list' })
      .returning();
    feedId = row!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to add a feed at an internal address, naming the field and why, and adds nothing', async () => {
    for (const [url, reason] of internal) {
      const response = await t.as(t.fixtures.analyst, {
        method: 'POST',
        url: '/api/threat/feeds',
        payload: { name: `feed ${url}`, url, format: 'list' },
      });
      expect(response.statusCode, url).toBe(400);
      const { error } = response.json();
      expect(error.details, url).toEqual([{ field: 'url', reason: expect.stringContaining(reason) }]);
    }
    const names = (await t.database.db.select().from(threatFeeds)).map((f) => f.name);
    expect(names).toEqual(['Public list']);
  });

  it('refuses to move a feed to an internal address, and leaves it where it was', async () => {
    for (const [url, reason] of internal) {
      const response = await t.as(t.fixtures.analyst, {
        method: 'PATCH',
        url: `/api/threat/feeds/${feedId}`,
        payload: { url, enabled: false },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.details[0], url).toMatchObject({ field: 'url' });
      expect(response.json().error.message, url).toContain(reason);
    }
    const [feed] = await t.database.db.select().from(threatFeeds).where(eq(threatFeeds.id, feedId));
    expect(feed).toMatchObject({ url: 'https://feeds.example.org/list.txt', enabled: true });
  });

  it('takes a public address', async () => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'PATCH',
      url: `/api/threat/feeds/${feedId}`,
      payload: { url: 'https://93.184.216.34/list.txt' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ url: 'https://93.184.216.34/list.txt' });
  });
});
