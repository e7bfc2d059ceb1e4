import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsClient, DOMAIN_SCAN_JOB, domainScanJob } from '../../../src/server/areas/domains/index.ts';
import type { ScanDeps } from '../../../src/server/areas/domains/scan.ts';
import { jobs } from '../../../src/server/db/schema/index.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import type { JobLogger } from '../../../src/server/jobs/types.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { type LocalDns, startLocalDns, type Zone } from '../../helpers/local-dns.ts';

const quiet: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };
const base = '/api/tacklebox/v1/domains';

describe.each(backends())('a scan queued when a domain is added, on %s', (backend) => {
  let t: TestApp;
  let dns: LocalDns;
  let topSitesFile: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    // A Tranco-style list: the lookalike is a known, popular site.
    topSitesFile = join(await mkdtemp(join(tmpdir(), 'top-sites-')), 'tranco.csv');
    await writeFile(topSitesFile, '1,example.com\n4200,i-login.com\n');
    // One-letter domains: each scan resolves under two hundred candidates rather than thousands.
    dns = await startLocalDns(
      new Map<string, Zone>([['i-login.com', { A: ['127.0.0.1'], MX: ['mail.i-login.com'] }]]),
    );
  });
  afterAll(async () => {
    await dns.close();
    await t.close();
  });

  const deps = (): ScanDeps => ({
    // The local server answers every name at once; a long wait only covers a busy machine, where a
    // lost answer would leave a scan to retry and meet the next test's jobs.
    dns: new DnsClient(dns.address, { timeoutMs: 10_000, tries: 1 }),
    settings: {
      resolver: dns.address,
      rdapBaseUrl: undefined,
      geoipDatabase: undefined,
      httpPort: 1,
      topSitesFile,
    },
  });
  const runJobs = (handler = domainScanJob(deps), now?: () => Date) =>
    runDueJobs(t.database.db, {
      workerId: 'test',
      pollMs: 5,
      handlers: { [DOMAIN_SCAN_JOB]: handler },
      schedules: [],
      log: quiet,
      ...(now ? { now } : {}),
    });
  const getDomain = async (uid: string, user = t.fixtures.acmeUser) =>
    (await t.as(user, { method: 'GET', url: `${base}/${uid}` })).json();
  const pendingScans = (uid: string) =>
    t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, DOMAIN_SCAN_JOB), eq(jobs.singletonKey, uid), isNull(jobs.doneAt)));

  it('queues one scan per new domain; the first lookalikes are listed once it has run', async () => {
    const added = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: base,
      payload: { customer_id: t.fixtures.acme.customerId, names: ['i.com'] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const domain = added.json().domains[0];
    expect(domain).toMatchObject({ scan_status: 'queued', scan_error: null, last_scanned_at: null });
    expect(await pendingScans(domain.uid)).toHaveLength(1);
    // Adding it again adds nothing and queues nothing more.
    await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: base,
      payload: { customer_id: t.fixtures.acme.customerId, names: ['i.com'] },
    });
    expect(await pendingScans(domain.uid)).toHaveLength(1);
    // Another customer never learns of it, nor of its scan.
    expect(
      (await t.as(t.fixtures.globexUser, { method: 'GET', url: `${base}/${domain.uid}` })).statusCode,
    ).toBe(404);

    expect(await runJobs()).toBe(1);
    const scanned = await getDomain(domain.uid);
    expect(scanned).toMatchObject({ scan_status: null, scan_error: null, lookalike_count: 0 });
    expect(scanned.last_scanned_at).not.toBeNull();
    const list = async () =>
      (await t.as(t.fixtures.acmeUser, { method: 'GET', url: `${base}/${domain.uid}/lookalikes` })).json()
        .lookalikes as { name: string; pending: boolean; registered: boolean }[];
    // Seen once: listed, pending its confirmation.
    expect(await list()).toEqual([
      expect.objectContaining({ name: 'i-login.com', pending: true, registered: false }),
    ]);
    // The confirming scan is due a quarter of an hour later, and makes it registered.
    expect(await runJobs()).toBe(0);
    expect(await runJobs(domainScanJob(deps), () => new Date(Date.now() + 16 * 60_000))).toBe(1);
    expect(await list()).toEqual([
      expect.objectContaining({ name: 'i-login.com', pending: false, registered: true }),
    ]);
    expect(await getDomain(domain.uid)).toMatchObject({ scan_status: null, lookalike_count: 1 });
    // Its popularity is its rank in the top-sites list, shown as a factor of its risk.
    const lookalike = (
      await t.as(t.fixtures.acmeUser, {
        method: 'GET',
        url: `${base}/${domain.uid}/lookalikes/i-login.com`,
      })
    ).json();
    expect(lookalike.popularity).toBe(4200);
    expect(lookalike.risk_breakdown).toContainEqual({ factor: 'popularity', weight: -20, detail: '4200' });
  });

  it('queues a scan when monitoring is switched back on, and none when it is switched off', async () => {
    const added = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: base,
      payload: { customer_id: t.fixtures.acme.customerId, names: ['j.com'] },
    });
    const uid = added.json().domains[0].uid as string;
    await runJobs();
    const off = await t.as(t.fixtures.acmeUser, {
      method: 'PUT',
      url: `${base}/${uid}`,
      payload: { active: false },
    });
    expect(off.json()).toMatchObject({ active: false, scan_status: null });
    expect(await pendingScans(uid)).toHaveLength(0);
    const on = await t.as(t.fixtures.acmeUser, {
      method: 'PUT',
      url: `${base}/${uid}`,
      payload: { active: true },
    });
    expect(on.json()).toMatchObject({ active: true, scan_status: 'queued' });
    expect(await pendingScans(uid)).toHaveLength(1);
    await runJobs();
    expect(await getDomain(uid)).toMatchObject({ scan_status: null });
  });

  it('says the scan failed, and why, after its last attempt', async () => {
    const added = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: base,
      payload: { customer_id: t.fixtures.acme.customerId, names: ['umbrella.com'] },
    });
    const uid = added.json().domains[0].uid as string;
    const broken = domainScanJob(() => {
      throw new Error('the resolver at 192.0.2.1:53 did not answer');
    });
    let clock = Date.now();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runJobs(broken, () => new Date(clock))).toBe(1);
      const status = (await getDomain(uid)).scan_status;
      expect(status).toBe(attempt < 3 ? 'scanning' : 'failed');
      // Past the runner's backoff, so the retry is due.
      clock += 3_600_000;
    }
    expect(await getDomain(uid)).toMatchObject({
      scan_status: 'failed',
      scan_error: 'the resolver at 192.0.2.1:53 did not answer',
    });
    expect(await pendingScans(uid)).toHaveLength(0);
  });
});
