import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchJobs } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

type User = { contactId: string };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const sum = (buckets: { count: number }[]) => buckets.reduce((n, b) => n + b.count, 0);

describe.each(backends())('search map, source top values and partial graphs on %s', (backend) => {
  const c = logsContext(backend);
  let seeded = false;

  /** Acme: firewall denies from three addresses over ten minutes; Globex: its own address. */
  const seed = async () => {
    if (seeded) return;
    seeded = true;
    const acme = await c.tokenFor(c.t.fixtures.acme.customerId, 'firewall');
    const globex = await c.tokenFor(c.t.fixtures.globex.customerId, 'firewall');
    const deny = (m: number, src_ip: string, action = 'deny') => ({
      '@timestamp': minutesAgo(m),
      host: 'FW-1',
      message: `${action} from ${src_ip}`,
      src_ip,
      action,
    });
    const acmeEvents = [
      deny(1, '203.0.113.9'),
      deny(2, '203.0.113.9'),
      deny(3, '198.51.100.7'),
      deny(8, '203.0.113.9'),
      deny(9, '10.0.0.5', 'allow'),
      { '@timestamp': minutesAgo(9), host: 'FW-1', message: 'no address here', action: 'allow' },
    ];
    expect((await c.ingest(acme, acmeEvents)).statusCode).toBe(200);
    expect((await c.ingest(globex, [deny(1, '192.0.2.66'), deny(2, '192.0.2.66')])).statusCode).toBe(200);
  };
  const start = async (user: User, payload: Record<string, unknown>) => {
    await seed();
    const r = await c.t.as(user, { method: 'POST', url: '/api/search/v1/search/', payload });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as string;
  };
  const get = (user: User, url: string) => c.t.as(user, { url });
  const acmeUser = () => c.t.fixtures.acmeUser;

  it('hits over time fill in while the search runs, in the buckets they end with', async () => {
    const id = await start(acmeUser(), { search: { source: 'firewall' }, period: { range: 900 } });
    // Queued, nothing scanned yet: the buckets are known, none counted.
    const queued = (await get(acmeUser(), `/api/search/v1/graphs/${id}/hits`)).json();
    expect(queued).toMatchObject({ status: 'running', partial: true, buckets: [] });
    // The job has scanned the newest five minutes (as it records after its slices).
    await c.t.database.db
      .update(searchJobs)
      .set({ scannedFrom: new Date(Date.now() - 5 * 60_000), progress: 30 })
      .where(eq(searchJobs.id, id));
    const part = await get(acmeUser(), `/api/search/v1/graphs/${id}/hits`);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'running', progress: 30, partial: true });
    expect(sum(part.json().buckets)).toBe(3);
    expect(part.json().interval_seconds).toBe(queued.interval_seconds);

    await c.runSearches();
    const done = (await get(acmeUser(), `/api/search/v1/graphs/${id}/hits`)).json();
    expect(done).toMatchObject({ status: 'done', progress: 100, partial: false });
    expect(sum(done.buckets)).toBe(6);
    expect(done.interval_seconds).toBe(queued.interval_seconds);
    expect(done.from).toBe(queued.from);
  });

  it('the map lists source addresses with exact counts and says when no GeoIP database is configured', async () => {
    const id = await start(acmeUser(), { search: { source: 'firewall' }, period: { range: 900 } });
    await c.runSearches();
    const map = await get(acmeUser(), `/api/search/v1/graphs/${id}/map`);
    expect(map.statusCode, map.body).toBe(200);
    expect(map.json()).toEqual({
      geoip: 'not_configured',
      message:
        'No GeoIP database is configured (GEOIP_DATABASE), so the addresses are listed without places.',
      total_addresses: 3,
      events_with_address: 5,
      status: 'done',
      partial: false,
      addresses: [
        { address: '203.0.113.9', count: 3, country: null, latitude: null, longitude: null },
        { address: '10.0.0.5', count: 1, country: null, latitude: null, longitude: null },
        { address: '198.51.100.7', count: 1, country: null, latitude: null, longitude: null },
      ],
    });
    // The search's term narrows the map as it narrows the results.
    const narrowed = await start(acmeUser(), {
      search: { search_term: 'action:allow' },
      period: { range: 900 },
    });
    await c.runSearches();
    const allow = (await get(acmeUser(), `/api/search/v1/graphs/${narrowed}/map`)).json();
    expect(allow.addresses.map((a: { address: string }) => a.address)).toEqual(['10.0.0.5']);
    expect(allow.events_with_address).toBe(1);
  });

  it('top values of a source: exact, over a period, the caller’s customers only; bad input is a 4xx', async () => {
    await seed();
    const acme = await get(acmeUser(), '/api/search/v1/sources/firewall/top/src_ip');
    expect(acme.statusCode, acme.body).toBe(200);
    expect(acme.json()).toMatchObject({
      source: 'firewall',
      field: 'src_ip',
      values: [
        { value: '203.0.113.9', count: 3 },
        { value: '10.0.0.5', count: 1 },
        { value: '198.51.100.7', count: 1 },
      ],
      with_field: 5,
      total: 6,
      sampled: false,
    });
    const period = acme.json().period;
    expect(new Date(period.to).getTime() - new Date(period.from).getTime()).toBe(15 * 60_000);
    // A raw field, the newest five minutes, two values.
    const recent = await get(acmeUser(), '/api/search/v1/sources/firewall/top/action?range=300&count=2');
    expect(recent.json()).toMatchObject({ values: [{ value: 'deny', count: 3 }], with_field: 3, total: 3 });

    // Globex's address never reaches Acme; asking for Globex narrows to nothing.
    expect(JSON.stringify(acme.json())).not.toContain('192.0.2.66');
    const asked = await get(
      acmeUser(),
      `/api/search/v1/sources/firewall/top/src_ip?customer_ids=${c.t.fixtures.globex.customerId}`,
    );
    expect(asked.json()).toMatchObject({ values: [], total: 0 });
    const globex = (await get(c.t.fixtures.globexUser, '/api/search/v1/sources/firewall/top/src_ip')).json();
    expect(globex.values).toEqual([{ value: '192.0.2.66', count: 2 }]);
    // Staff see both customers.
    const staff = (await get(c.t.fixtures.analyst, '/api/search/v1/sources/firewall/top/src_ip')).json();
    expect(staff.total).toBe(8);

    expect((await get(acmeUser(), '/api/search/v1/sources/nope/top/host')).statusCode).toBe(404);
    const badField = await get(acmeUser(), '/api/search/v1/sources/firewall/top/no%20such');
    expect(badField.statusCode).toBe(400);
    expect(badField.json().error.details[0]).toMatchObject({
      field: 'field',
      reason: '"no such" is not a field name',
    });
    const badCount = await get(acmeUser(), '/api/search/v1/sources/firewall/top/host?count=0');
    expect(badCount.statusCode).toBe(400);
    const backwards = await get(
      acmeUser(),
      `/api/search/v1/sources/firewall/top/host?from=${minutesAgo(1)}&to=${minutesAgo(10)}`,
    );
    expect(backwards.statusCode).toBe(400);
  });

  it("tenancy: another user's search has no map or graphs; a cancelled search maps nothing", async () => {
    const id = await start(acmeUser(), { search: { source: 'firewall' }, period: { range: 900 } });
    for (const url of [`/api/search/v1/graphs/${id}/map`, `/api/search/v1/graphs/${id}/hits`]) {
      expect((await get(c.t.fixtures.globexUser, url)).statusCode, url).toBe(404);
    }
    // A newer search cancels this one.
    await start(acmeUser(), { search: { source: 'dns' } });
    const cancelled = (await get(acmeUser(), `/api/search/v1/graphs/${id}/map`)).json();
    expect(cancelled).toMatchObject({ status: 'cancelled', addresses: [], total_addresses: 0 });
    await c.runSearches();
  });
});

describe.each(backends())('search map with an unreadable GeoIP database on %s', (backend) => {
  const c = logsContext(backend, { GEOIP_DATABASE: '/nonexistent/GeoLite2-City.mmdb' });
  it('says the database could not be read and still lists the addresses', async () => {
    const token = await c.tokenFor(c.t.fixtures.acme.customerId, 'firewall');
    await c.ingest(token, [{ '@timestamp': minutesAgo(1), message: 'deny', src_ip: '203.0.113.9' }]);
    const r = await c.t.as(c.t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/search/v1/search/',
      payload: { search: {} },
    });
    await c.runSearches();
    const map = (
      await c.t.as(c.t.fixtures.acmeUser, { url: `/api/search/v1/graphs/${r.json().id}/map` })
    ).json();
    expect(map).toMatchObject({
      geoip: 'unreadable',
      addresses: [{ address: '203.0.113.9', count: 1, country: null }],
    });
    expect(map.message).toContain('could not be read');
  });
});
