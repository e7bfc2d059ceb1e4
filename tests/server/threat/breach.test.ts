import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HibpClient } from '../../../src/server/areas/threat/hibp/client.ts';
import { BREACH_JOB, breachBackoff, breachLookupJob } from '../../../src/server/areas/threat/hibp/job.ts';
import { breachLookups, jobs } from '../../../src/server/db/schema/index.ts';
import { withScope } from '../../../src/server/db/tenancy.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import type { JobLogger } from '../../../src/server/jobs/types.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { ADOBE, hibpServer } from './hibp-server.ts';

const quiet: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the breach retry rule (spec 2, section 9)', () => {
  it('waits attempt × (5 s + jitter up to 30 s)', () => {
    expect(breachBackoff(5_000, 30_000, () => 0)(1)).toBe(5_000);
    expect(breachBackoff(5_000, 30_000, () => 0)(3)).toBe(15_000);
    expect(breachBackoff(5_000, 30_000, () => 0.999)(2)).toBeCloseTo(2 * 34_970, 0);
    const samples = Array.from({ length: 200 }, () => breachBackoff()(4));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(20_000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(140_000);
  });
});

describe.each(backends())('breach look-ups on %s', (backend) => {
  let t: TestApp;
  let unconfigured: TestApp;
  let provider: Awaited<ReturnType<typeof hibpServer>>;
  // A clock the client's token bucket reads and its waits move on, so waits are measured, not slept.
  let clock = 1_000_000;
  const waits: number[] = [];
  let client: HibpClient;

  beforeAll(async () => {
    provider = await hibpServer({
      'pwned@acme.test': { status: 200, body: [ADOBE] },
      'busy@acme.test': [
        { status: 429, headers: { 'retry-after': '3' }, body: { statusCode: 429 } },
        { status: 200, body: [ADOBE] },
      ],
      'down@acme.test': { status: 503 },
      'refused@acme.test': { status: 401 },
    });
    const env = { HIBP_API_URL: provider.url, HIBP_API_KEY: 'test-key', HIBP_RATE_PER_MINUTE: '60' };
    t = await createTestApp(backend, env);
    unconfigured = await createTestApp(backend);
    client = new HibpClient(
      { url: provider.url, key: 'test-key', ratePerMinute: 60 },
      fetch,
      () => clock,
      async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await unconfigured.close();
    await provider.close();
  });

  const lookup = (account: string, user = t.fixtures.acmeUser, again = false) =>
    t.as(user, {
      method: 'GET',
      url: `/api/threat/hibp/${encodeURIComponent(account)}${again ? '?again=true' : ''}`,
    });
  // Retry delays on a millisecond scale: the same rule, really waited for.
  const retries: { attempt: number; ms: number }[] = [];
  const backoffMs = (attempt: number) => {
    const ms = breachBackoff(5, 30, () => 0.5)(attempt);
    retries.push({ attempt, ms });
    return ms;
  };
  const runJobs = () =>
    runDueJobs(t.database.db, {
      workerId: 'test',
      pollMs: 5,
      handlers: { [BREACH_JOB]: breachLookupJob({ client, backoffMs }) },
      schedules: [],
      log: quiet,
    });
  async function runUntilSettled(account: string) {
    for (let i = 0; i < 50; i++) {
      await runJobs();
      const rows = await t.database.db.select().from(breachLookups).where(eq(breachLookups.account, account));
      if (rows.every((r) => r.status !== 'in_progress')) return;
      await sleep(20);
    }
    throw new Error(`${account} never settled`);
  }

  it('says clearly when breach look-ups are not configured', async () => {
    const response = await unconfigured.as(unconfigured.fixtures.analyst, {
      method: 'GET',
      url: '/api/threat/hibp/someone%40acme.test',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('breach_lookup_not_configured');
    expect(response.json().error.message).toContain('not configured');
  });

  it('refuses what is no e-mail address with a clear error', async () => {
    const response = await lookup('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'account', reason: 'is not a valid e-mail address' },
    ]);
  });

  it('marks the account in progress, other callers poll, the job finishes it through the provider', async () => {
    const first = await lookup('Pwned@Acme.test');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      kind: 'email',
      account: 'pwned@acme.test',
      status: 'in_progress',
      poll_seconds: 10,
    });
    const again = await lookup('pwned@acme.test');
    expect(again.json().status).toBe('in_progress');
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, BREACH_JOB));
    expect(queued).toHaveLength(1);
    await runUntilSettled('pwned@acme.test');
    const done = (await lookup('pwned@acme.test')).json();
    expect(done).toMatchObject({ status: 'done', attempts: 1, poll_seconds: null, error: null });
    expect(done.breaches).toEqual([
      {
        name: 'Adobe',
        title: 'Adobe',
        domain: 'adobe.com',
        breach_date: '2013-10-04',
        pwn_count: 152445165,
        data_classes: ADOBE.DataClasses,
        verified: true,
      },
    ]);
    expect(Date.parse(done.timestamp)).toBeGreaterThan(0);
    const call = provider.requests.find((r) => r.account === 'pwned@acme.test')!;
    expect(call.headers['hibp-api-key']).toBe('test-key');
    expect(call.headers['user-agent']).toMatch(/Watchfloor/);
    expect(call.query).toBe('?truncateResponse=false');
  });

  it("keeps one customer's breach results from another", async () => {
    const globex = await lookup('pwned@acme.test', t.fixtures.globexUser);
    expect(globex.json()).toMatchObject({ status: 'in_progress', breaches: [] });
    const seen = await withScope(
      t.database.db,
      {
        partnerId: t.fixtures.globex.partnerId,
        userId: t.fixtures.globexUser.contactId,
        customerIds: [t.fixtures.globex.customerId],
        global: false,
      },
      (tx) => tx.select().from(breachLookups),
    );
    expect(seen.map((r) => r.customerId)).toEqual([t.fixtures.globex.customerId]);
    await runUntilSettled('pwned@acme.test');
    const staff = await lookup('pwned@acme.test', t.fixtures.analyst);
    expect(staff.json().status).toBe('in_progress');
  });

  it('honours Retry-After: the next attempt waits for it through the token bucket', async () => {
    waits.length = 0;
    await lookup('busy@acme.test');
    await runUntilSettled('busy@acme.test');
    const done = (await lookup('busy@acme.test')).json();
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(2_900);
  });

  it('keeps to the plan rate with its token bucket', async () => {
    clock += 120_000;
    waits.length = 0;
    await client.breaches('a@acme.test');
    await client.breaches('b@acme.test');
    expect(waits).toEqual([1_000]);
  });

  it('fails after 5 attempts, with the spec backoff between them; a caller may start it again', async () => {
    retries.length = 0;
    await lookup('down@acme.test');
    await runUntilSettled('down@acme.test');
    const failed = (await lookup('down@acme.test')).json();
    expect(failed).toMatchObject({ status: 'failed', attempts: 5, poll_seconds: null });
    expect(failed.error).toContain('503');
    expect(provider.requests.filter((r) => r.account === 'down@acme.test')).toHaveLength(5);
    expect(retries).toEqual([1, 2, 3, 4].map((attempt) => ({ attempt, ms: attempt * 20 })));
    const restarted = (await lookup('down@acme.test', t.fixtures.acmeUser, true)).json();
    expect(restarted).toMatchObject({ status: 'in_progress', attempts: 0 });
  });

  it('bulk files: e-mail addresses get a breach query, finished ones say how many breaches', async () => {
    const response = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/threat/bulk',
      headers: { 'content-type': 'text/plain' },
      payload: 'pwned[at]acme[.]test\nfresh@acme.test\n198.51.100.1\n',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json().results.map((r: Record<string, unknown>) => [r.value, r.note, r.breaches]),
    ).toEqual([
      ['pwned@acme.test', 'breach_lookup_done', 1],
      ['fresh@acme.test', 'breach_lookup_in_progress', null],
      ['198.51.100.1', null, null],
    ]);
    await runUntilSettled('fresh@acme.test');
    expect((await lookup('fresh@acme.test')).json().status).toBe('done');
  });

  it('gives up at once on a refusal retrying cannot fix', async () => {
    await lookup('refused@acme.test');
    await runUntilSettled('refused@acme.test');
    const failed = (await lookup('refused@acme.test')).json();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.error).toContain('API key');
  });
});
