import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_ALERTS } from '../../src/server/areas/omnibox/index.ts';
import { agents, alerts, cases, customers } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends } from '../helpers/database.ts';

interface Suggestion {
  id: string;
  value: string;
  label: string;
  category: string;
  attributes?: Record<string, string>;
}

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const agent = (customerId: string, hostName: string) => ({
  customerId,
  hostName,
  platform: 'windows-11',
  architecture: 'x64',
  version: '5.1.0',
});

describe.each(backends())('omnibox search on %s', (backend) => {
  let t: TestApp;
  const ids = {
    beacon: 0,
    login: 0,
    scan: 0,
    unreachable: 0,
    jobs: [] as number[],
    globexAlert: 0,
    acmeCase: 0,
    globexCase: 0,
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex, partner } = t.fixtures;
    const db = t.database.db;
    await db.insert(customers).values([
      { partnerId: partner.partnerId, name: 'Testbed Ltd' },
      { partnerId: partner.partnerId, name: 'Test' },
    ]);
    await db.insert(agents).values([
      agent(acme.customerId, 'web-01'),
      agent(acme.customerId, 'WEB-01-backup'),
      agent(acme.customerId, 'old-web-01'),
      // Stored as offline, yet it checked in a moment ago: the derived status is what shows.
      {
        ...agent(acme.customerId, 'db-07'),
        statusCode: 3,
        heartbeatAt: new Date(),
        firstActive: daysAgo(30),
      },
      agent(globex.customerId, 'web-01'),
      agent(globex.customerId, 'globex-web-01'),
    ]);
    // Recency decides within a rank: the beacon is the oldest, the unreachable host the newest.
    const inserted = await db
      .insert(alerts)
      .values(
        [
          { title: 'Beacon to web-01 peer', hostName: 'old-web-01', createdAt: daysAgo(4) },
          { title: 'Login failure', hostName: 'web-01', createdAt: daysAgo(3) },
          { title: 'Port scan', hostName: 'WEB-01-backup', createdAt: daysAgo(2) },
          { title: 'web-01 unreachable', hostName: null, createdAt: daysAgo(1) },
        ].map((a) => ({ ...a, customerId: acme.customerId, type: 'edr' })),
      )
      .returning({ id: alerts.id });
    // Newer than all of those, six alerts that contain the text: more than one category lists.
    const jobs = await db
      .insert(alerts)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          customerId: acme.customerId,
          title: `Job ${i} on web-01 failed`,
          type: 'edr',
          createdAt: new Date(Date.now() - (i + 1) * 60_000),
        })),
      )
      .returning({ id: alerts.id });
    ids.jobs = jobs.map((j) => j.id);
    const [globexAlert] = await db
      .insert(alerts)
      .values({
        customerId: globex.customerId,
        title: 'Globex web-01 beacon',
        type: 'edr',
        hostName: 'web-01',
      })
      .returning({ id: alerts.id });
    ids.beacon = inserted[0]!.id;
    ids.login = inserted[1]!.id;
    ids.scan = inserted[2]!.id;
    ids.unreachable = inserted[3]!.id;
    ids.globexAlert = globexAlert!.id;
    const [acmeCase, globexCase] = await db
      .insert(cases)
      .values([
        { customerId: acme.customerId, title: 'Investigate web-01' },
        { customerId: globex.customerId, title: 'Globex web-01 outage' },
      ])
      .returning({ id: cases.id });
    ids.acmeCase = acmeCase!.id;
    ids.globexCase = globexCase!.id;
  });
  afterAll(() => t.close());

  async function search(
    user: { contactId: string },
    query: string,
    customerIds: string[] = [],
  ): Promise<Suggestion[]> {
    const params = new URLSearchParams({ query });
    for (const id of customerIds) params.append('customer_ids', id);
    const response = await t.as(user, { url: `/api/search/omnibox?${params}` });
    expect(response.statusCode).toBe(200);
    return response.json().suggestions;
  }
  const values = (items: Suggestion[], category: string) =>
    items.filter((s) => s.category === category).map((s) => s.value);

  describe('ranking: exact match, then prefix, then anywhere', () => {
    it('agents: exact host names first, then those starting with the text, then the rest by name', async () => {
      const found = await search(t.fixtures.analyst, 'web-01');
      expect(values(found, 'agents')).toEqual([
        'web-01',
        'web-01',
        'WEB-01-backup',
        'globex-web-01',
        'old-web-01',
      ]);
    });

    it('agents carry their status as derived now, not as last stored', async () => {
      const status = async (text: string) =>
        (await search(t.fixtures.acmeUser, text)).find((s) => s.category === 'agents')?.attributes?.status;
      // 5.1.0 is past the latest release, healthy, not isolated, checked in now: online and well.
      expect(await status('db-07')).toBe('0');
      // Never checked in: offline.
      expect(await status('old-web-01')).toBe('3');
    });

    it('is case-insensitive, in matching and in ranking', async () => {
      const found = await search(t.fixtures.acmeUser, 'WEB-01');
      expect(values(found, 'agents')).toEqual(['web-01', 'WEB-01-backup', 'old-web-01']);
    });

    it('customers: the exact name, then names starting with it, then names containing it', async () => {
      const found = await search(t.fixtures.analyst, 'test');
      expect(values(found, 'customers')).toEqual(['Test', 'Testbed Ltd', 'Acme Test', 'Globex Test']);
    });

    it('alerts: exact host, then host or title starting with the text, then anywhere; newest first within each', async () => {
      const found = await search(t.fixtures.acmeUser, 'web-01');
      // The six newest match anywhere only: they come after the older exact and prefix matches.
      expect(values(found, 'alerts')).toEqual(
        [ids.login, ids.unreachable, ids.scan, ids.jobs[0], ids.jobs[1]].map(String),
      );
      const older = await search(t.fixtures.acmeUser, 'beacon to web');
      expect(values(older, 'alerts')).toEqual([String(ids.beacon)]);
      expect(found.find((s) => s.value === String(ids.login))?.label).toBe(
        `#${ids.login} Login failure (web-01)`,
      );
    });

    it('alerts and cases: the record number comes first', async () => {
      const alert = await search(t.fixtures.acmeUser, String(ids.beacon));
      expect(values(alert, 'alerts')[0]).toBe(String(ids.beacon));
      const ticket = await search(t.fixtures.acmeUser, String(ids.acmeCase));
      expect(values(ticket, 'tickets')[0]).toBe(String(ids.acmeCase));
    });

    it('cases: by title, case-insensitively', async () => {
      const found = await search(t.fixtures.acmeUser, 'INVESTIGATE');
      expect(found.filter((s) => s.category === 'tickets').map((s) => s.label)).toEqual([
        `#${ids.acmeCase} Investigate web-01`,
      ]);
    });
  });

  describe('what matches', () => {
    it('inputs shorter than three characters match at the start only', async () => {
      const found = await search(t.fixtures.acmeUser, 'we');
      expect(values(found, 'agents').sort()).toEqual(['WEB-01-backup', 'web-01']);
      expect(values(found, 'alerts')).toEqual([ids.unreachable, ids.scan, ids.login].map(String));
    });

    it('digits and punctuation match anywhere without lower-casing', async () => {
      const found = await search(t.fixtures.acmeUser, '-01');
      expect(values(found, 'agents').sort()).toEqual(['WEB-01-backup', 'old-web-01', 'web-01']);
    });

    it('LIKE wildcards in the input match only themselves', async () => {
      expect(await search(t.fixtures.analyst, '%')).toEqual([]);
      expect(await search(t.fixtures.analyst, 'w_b-01')).toEqual([]);
    });
  });

  describe('tenancy', () => {
    it('a customer user finds nothing of another customer, not even by exact host name, title or number', async () => {
      for (const query of ['globex-web-01', 'Globex web-01 beacon', 'Globex Test']) {
        expect(await search(t.fixtures.acmeUser, query), query).toEqual([]);
      }
      expect(values(await search(t.fixtures.acmeUser, String(ids.globexAlert)), 'alerts')).not.toContain(
        String(ids.globexAlert),
      );
      expect(values(await search(t.fixtures.acmeUser, String(ids.globexCase)), 'tickets')).not.toContain(
        String(ids.globexCase),
      );
      const shared = await search(t.fixtures.acmeUser, 'web-01');
      expect(values(shared, 'alerts')).not.toContain(String(ids.globexAlert));
      expect(values(shared, 'tickets')).toEqual([String(ids.acmeCase)]);
    });

    it('asking for another customer’s id finds nothing', async () => {
      expect(await search(t.fixtures.acmeUser, 'web-01', [t.fixtures.globex.customerId])).toEqual([]);
    });

    it('the customer filter narrows a global user’s search to the customers asked for', async () => {
      const found = await search(t.fixtures.analyst, 'web-01', [t.fixtures.globex.customerId]);
      expect(values(found, 'agents')).toEqual(['web-01', 'globex-web-01']);
      expect(values(found, 'alerts')).toEqual([String(ids.globexAlert)]);
      expect(values(found, 'tickets')).toEqual([String(ids.globexCase)]);
      expect(values(found, 'customers')).toEqual([]);
    });
  });
});

describe.each(backends())('omnibox search over many alerts on %s', (backend) => {
  let t: TestApp;
  let ancient = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme } = t.fixtures;
    const db = t.database.db;
    const [old] = await db
      .insert(alerts)
      .values({
        customerId: acme.customerId,
        title: 'Ransomware note found',
        type: 'edr',
        hostName: 'ancient-host',
        createdAt: daysAgo(60),
      })
      .returning({ id: alerts.id });
    ancient = old!.id;
    // Newer alerts of the same customer than the one above, more than the omnibox compares with
    // the text one by one.
    const filler = Array.from({ length: RECENT_ALERTS + 10 }, (_, i) => ({
      customerId: acme.customerId,
      title: `Routine event ${i}`,
      type: 'edr',
      hostName: `filler-${i % 50}`,
      createdAt: daysAgo(1),
    }));
    await db.insert(alerts).values(filler);
  });
  afterAll(() => t.close());

  async function alertValues(user: { contactId: string }, query: string) {
    const response = await t.as(user, { url: `/api/search/omnibox?${new URLSearchParams({ query })}` });
    expect(response.statusCode).toBe(200);
    return (response.json().suggestions as Suggestion[])
      .filter((s) => s.category === 'alerts')
      .map((s) => s.value);
  }

  it('finds an old alert by its exact host name, in any of its usual spellings, and by its number', async () => {
    expect(await alertValues(t.fixtures.acmeUser, 'ancient-host')).toEqual([String(ancient)]);
    expect(await alertValues(t.fixtures.acmeUser, 'ANCIENT-HOST')).toEqual([String(ancient)]);
    expect(await alertValues(t.fixtures.analyst, String(ancient))).toEqual([String(ancient)]);
  });

  it('finds an old alert by its exact title', async () => {
    expect(await alertValues(t.fixtures.acmeUser, 'Ransomware note found')).toEqual([String(ancient)]);
  });

  it('lists recent matches newest first and keeps to the caller’s customers', async () => {
    const found = await alertValues(t.fixtures.acmeUser, 'filler-');
    expect(found).toHaveLength(5);
    expect(await alertValues(t.fixtures.globexUser, 'ancient-host')).toEqual([]);
    expect(await alertValues(t.fixtures.globexUser, String(ancient))).toEqual([]);
  });
});
