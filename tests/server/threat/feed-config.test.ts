import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { threatFeeds } from '../../../src/server/db/schema/index.ts';
import { withScope } from '../../../src/server/db/tenancy.ts';
import { enqueueJob } from '../../../src/server/jobs/queue.ts';
import { JOB_HANDLERS } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { feedServer } from './feed-server.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(backends())('threat feed configuration on %s', (backend) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof feedServer>>;
  beforeAll(async () => {
    // The feed publisher stands on 127.0.0.1: allowed for the API and the job runner alike.
    const allow = { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' };
    vi.stubEnv('OUTBOUND_ALLOW_HOSTS', allow.OUTBOUND_ALLOW_HOSTS);
    t = await createTestApp(backend, allow);
    server = await feedServer({ '/ips.txt': '192.0.2.66\n192.0.2.67\n' });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    await t?.close();
  });

  const feeds = (user: { contactId: string }) => t.as(user, { method: 'GET', url: '/api/threat/feeds' });
  const create = (user: { contactId: string }, payload: Record<string, unknown>) =>
    t.as(user, { method: 'POST', url: '/api/threat/feeds', payload });

  it('staff add a feed, the next run fetches it, and the list says what it gave', async () => {
    const added = await create(t.fixtures.analyst, {
      name: 'Botnet IPs',
      url: server.url('/ips.txt'),
      format: 'list',
      kind: 'ip',
      risk: 85,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      purpose: 'indicators',
      enabled: true,
      last_fetched_at: null,
      retention_days: 30,
    });
    await enqueueJob(t.database.db, 'fetch-threat-feeds');
    await runDueJobs(t.database.db, {
      workerId: 'w',
      pollMs: 10,
      handlers: JOB_HANDLERS,
      schedules: [],
      log: quiet,
    });
    const [feed] = (await feeds(t.fixtures.viewer)).json().feeds;
    expect(feed).toMatchObject({ name: 'Botnet IPs', last_count: 2, last_error: null });
    const lookup = await t.as(t.fixtures.acmeUser, { method: 'GET', url: '/api/threat/ip/192.0.2.66' });
    expect(lookup.json()).toMatchObject({ det: 'B', risk: 85, source: 'Botnet IPs' });

    const off = await t.as(t.fixtures.analyst, {
      method: 'PATCH',
      url: `/api/threat/feeds/${feed.feed_id}`,
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ enabled: false });
    expect(
      (await create(t.fixtures.analyst, { name: 'Botnet IPs', url: server.url('/x'), format: 'csv' }))
        .statusCode,
    ).toBe(409);
  });

  it('only staff see feeds, only staff who may change things change them, and the database agrees', async () => {
    expect((await feeds(t.fixtures.acmeUser)).statusCode).toBe(403);
    expect(
      (await create(t.fixtures.viewer, { name: 'x', url: server.url('/x'), format: 'list' })).statusCode,
    ).toBe(403);
    expect(
      (await create(t.fixtures.acmeUser, { name: 'x', url: server.url('/x'), format: 'list' })).statusCode,
    ).toBe(403);
    expect(
      (await create(t.fixtures.analyst, { name: 'x', url: 'file:///etc/passwd', format: 'list' })).statusCode,
    ).toBe(400);
    const scope = {
      partnerId: t.fixtures.partner.partnerId,
      userId: t.fixtures.acmeUser.contactId,
      customerIds: [t.fixtures.acme.customerId],
      global: false,
    };
    expect(await withScope(t.database.db, scope, (tx) => tx.select().from(threatFeeds))).toEqual([]);
  });
});
