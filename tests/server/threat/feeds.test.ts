import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { verdictCache } from '../../../src/server/areas/threat/verdict.ts';
import {
  threatFeeds,
  threatIndicators,
  threatSightings,
  threatWarningList,
} from '../../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../../src/server/jobs/queue.ts';
import { JOB_HANDLERS } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { feedServer } from './feed-server.ts';

const EVENT = '5f0c2d1e-8f4a-4b59-9a1e-2a7c1b3d4e5f';
const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const documents = {
  '/hosts.txt': '# blocklist\n198.51.100.7\nevil.example.com\nmail.google.com\n',
  '/hosts.csv': 'first_seen,host\n2026-11-01,203.0.113.9\n',
  '/misp/manifest.json': JSON.stringify({ [EVENT]: { info: 'Emotet wave' } }),
  [`/misp/${EVENT}.json`]: JSON.stringify({
    Event: {
      threat_level_id: '1',
      Tag: [{ name: 'misp-galaxy:malpedia="Emotet"' }],
      Attribute: [{ type: 'sha256', value: HASH, category: 'Payload delivery', to_ids: true }],
    },
  }),
  '/bundle.json': JSON.stringify({
    type: 'bundle',
    id: 'bundle--1',
    objects: [
      {
        type: 'indicator',
        id: 'indicator--a',
        pattern_type: 'stix',
        pattern: "[domain-name:value = 'c2.example.org']",
        indicator_types: ['command-and-control'],
      },
      {
        type: 'indicator',
        id: 'indicator--old',
        pattern_type: 'stix',
        pattern: "[domain-name:value = 'old.example.org']",
        valid_until: '2001-01-01T00:00:00Z',
      },
    ],
  }),
  '/good.txt': 'google.com\n',
};

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(backends())('threat feeds and look-ups on %s', (backend) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof feedServer>>;
  const db = () => t.database.db;
  beforeAll(async () => {
    // The feed publisher stands on 127.0.0.1, which the job reaches only because it is allowed.
    vi.stubEnv('OUTBOUND_ALLOW_HOSTS', '127.0.0.1');
    t = await createTestApp(backend);
    server = await feedServer({ ...documents });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    await t?.close();
  });
  beforeEach(() => verdictCache.clear());

  const lookup = (user: { contactId: string }, kind: string, value: string) =>
    t.as(user, { method: 'GET', url: `/api/threat/${kind}/${encodeURIComponent(value)}` });

  const runFeedJob = async () => {
    await enqueueJob(db(), 'fetch-threat-feeds');
    const options = { workerId: 'w', pollMs: 10, handlers: JOB_HANDLERS, schedules: [], log: quiet };
    return runDueJobs(db(), options);
  };

  it('the scheduled job reads list, CSV, MISP and STIX feeds; a warning list keeps known-good values out', async () => {
    await db()
      .insert(threatFeeds)
      .values([
        {
          name: 'hosts',
          url: server.url('/hosts.txt'),
          format: 'list',
          risk: 75,
          threatCategories: ['blocklist'],
        },
        { name: 'csv', url: server.url('/hosts.csv'), format: 'csv', valueColumn: 1, kind: 'ip' },
        { name: 'misp', url: server.url('/misp/manifest.json'), format: 'misp' },
        { name: 'stix', url: server.url('/bundle.json'), format: 'stix' },
        {
          name: 'top sites',
          url: server.url('/good.txt'),
          format: 'list',
          kind: 'domain',
          purpose: 'warning',
        },
      ]);
    expect(await runFeedJob()).toBe(1);

    const rows = await db().select().from(threatIndicators);
    const byValue = Object.fromEntries(rows.map((r) => [r.value, r]));
    expect(Object.keys(byValue).sort()).toEqual(
      ['198.51.100.7', '203.0.113.9', 'c2.example.org', HASH, 'evil.example.com'].sort(),
    );
    expect(byValue['198.51.100.7']).toMatchObject({
      det: 'B',
      risk: 75,
      source: 'hosts',
      threatCategories: ['blocklist'],
    });
    expect(byValue[HASH]).toMatchObject({ risk: 90, malwareGroup: 'Emotet', source: 'misp' });
    expect(byValue['c2.example.org']).toMatchObject({ threatCategories: ['command-and-control'], risk: 80 });
    const feeds = await db().select().from(threatFeeds);
    expect(feeds.every((f) => f.lastError === null && f.lastFetchedAt !== null)).toBe(true);

    const answer = await lookup(t.fixtures.analyst, 'domain', 'Evil.Example.com');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      kind: 'domain',
      value: 'evil.example.com',
      det: 'B',
      risk: 75,
      source: 'hosts',
    });
    // A subdomain of a warning-listed domain is known good however the store came to hold it.
    await db()
      .insert(threatIndicators)
      .values({ kind: 'domain', value: 'mail.google.com', det: 'B', risk: 99 });
    expect((await lookup(t.fixtures.analyst, 'domain', 'mail.google.com')).json()).toMatchObject({
      det: 'G',
      risk: 0,
      warning_list: 'top sites',
    });
  });

  it('staff entries outlive feeds; entries a feed drops expire; a failing feed says why and keeps the rest', async () => {
    await db()
      .insert(threatIndicators)
      .values({ kind: 'ip', value: '198.51.100.7', det: 'G', risk: 0, source: 'manual' })
      .onConflictDoUpdate({
        target: [threatIndicators.kind, threatIndicators.value],
        set: { det: 'G', risk: 0, source: 'manual' },
      });
    server.documents['/hosts.csv'] = { status: 503, body: 'down' };
    await runFeedJob();
    const [manual] = await db()
      .select()
      .from(threatIndicators)
      .where(eq(threatIndicators.value, '198.51.100.7'));
    expect(manual).toMatchObject({ det: 'G', source: 'manual' });
    const [csv] = await db().select().from(threatFeeds).where(eq(threatFeeds.name, 'csv'));
    expect(csv!.lastError).toContain('503');
    // What was stored before still answers until it expires.
    expect((await lookup(t.fixtures.analyst, 'ip', '203.0.113.9')).json()).toMatchObject({ det: 'B' });
    await db()
      .update(threatIndicators)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(threatIndicators.value, '203.0.113.9'));
    verdictCache.clear();
    expect((await lookup(t.fixtures.analyst, 'ip', '203.0.113.9')).json()).toMatchObject({
      det: 'U',
      risk: 0,
    });
  });

  it('answers are cached per kind and value until the store changes in this process', async () => {
    const first = await lookup(t.fixtures.analyst, 'domain', 'c2.example.org');
    expect(first.json()).toMatchObject({ det: 'B' });
    await db().update(threatIndicators).set({ risk: 5 }).where(eq(threatIndicators.value, 'c2.example.org'));
    expect((await lookup(t.fixtures.analyst, 'domain', 'c2.example.org')).json().risk).toBe(80);
    // A feed run drops this process's cached answers: the feed's new risk answers at once.
    await db().update(threatFeeds).set({ risk: 60 }).where(eq(threatFeeds.name, 'stix'));
    await runFeedJob();
    expect((await lookup(t.fixtures.analyst, 'domain', 'c2.example.org')).json().risk).toBe(60);
    expect(await db().select().from(threatWarningList)).toHaveLength(1);
  });

  it('every look-up is a sighting; a customer sees its own and never another customer or staff look-ups', async () => {
    await db().delete(threatSightings);
    const value = 'sighted.example.net';
    await lookup(t.fixtures.analyst, 'domain', value);
    await lookup(t.fixtures.acmeUser, 'domain', value);
    const acme = await lookup(t.fixtures.acmeUser, 'domain', value);
    expect(acme.json().sightings).toMatchObject({ count: 2 });
    const globex = await lookup(t.fixtures.globexUser, 'domain', value);
    expect(globex.json().sightings).toMatchObject({ count: 1 });
    const staff = await lookup(t.fixtures.analyst, 'domain', value);
    expect(staff.json().sightings.count).toBe(5);
    const rows = await db().select().from(threatSightings);
    expect(rows.filter((r) => r.customerId === t.fixtures.acme.customerId)).toHaveLength(2);
    expect(rows.filter((r) => r.customerId === null)).toHaveLength(2);
  });

  it('refuses a value that is not of the kind, with the field', async () => {
    const response = await lookup(t.fixtures.analyst, 'ip', 'not-an-ip');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value');
  });
});
