import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsClient, lookalikeSettings, scanDomain } from '../../../src/server/areas/domains/index.ts';
import { alerts, lookalikes, monitoredDomains, mutes } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { type LocalDns, startLocalDns, type Zone } from '../../helpers/local-dns.ts';

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

describe.each(backends())('lookalike scans on %s', (backend) => {
  let t: TestApp;
  let dns: LocalDns;
  let web: Server;
  let rdap: Server;
  let webPort: number;
  let rdapUrl: string;
  let flapUp = true;
  let rdapCalls = 0;
  const registeredAt = new Date(Date.now() - 10 * 86_400_000);

  beforeAll(async () => {
    t = await createTestApp(backend);
    const zones = new Map<string, Zone>([
      ['acme-login.com', { A: ['127.0.0.1'], NS: ['ns1.parking.example'], MX: ['mail.acme-login.com'] }],
      ['acne.com', { rcode: 'SERVFAIL' }],
      ['acme.org', { MX: ['mx.acme.org'] }],
      ['me.com', { A: ['127.0.0.3'], wildcard: true }],
      ['acme.net', { A: ['127.0.0.2'], NS: ['ns1.acme.net'], wildcard: true }],
      // Answers, then not, then answers: a flapping zone.
      ['acm.com', () => (flapUp ? { A: ['127.0.0.4'] } : undefined)],
    ]);
    dns = await startLocalDns(zones);
    web = createServer((_req, res) => res.end('<html>login</html>'));
    webPort = await listen(web);
    rdap = createServer((req, res) => {
      rdapCalls++;
      if (req.url === '/domain/acme-login.com') {
        res.setHeader('content-type', 'application/rdap+json');
        res.end(
          JSON.stringify({
            events: [{ eventAction: 'registration', eventDate: registeredAt.toISOString() }],
          }),
        );
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    rdapUrl = `http://127.0.0.1:${await listen(rdap)}`;
  });
  afterAll(async () => {
    await dns.close();
    web.close();
    rdap.close();
    await t.close();
  });

  const scan = async () => {
    const [domain] = await t.database.db
      .select()
      .from(monitoredDomains)
      .where(eq(monitoredDomains.name, 'acme.com'));
    return scanDomain(t.database.db, domain!, {
      // The local server answers every name at once; a long wait only covers a busy machine, where a
      // lost answer would leave a scan to retry and meet the next test's jobs.
      dns: new DnsClient(dns.address, { timeoutMs: 10_000, tries: 1 }),
      // The lookalikes' pages and the RDAP service stand on loopback, allowed as an administrator would.
      settings: {
        ...lookalikeSettings({ DNS_RESOLVER: dns.address, OUTBOUND_ALLOW_HOSTS: '127.0.0.0/8' }),
        rdapBaseUrl: rdapUrl,
        httpPort: webPort,
      },
    });
  };
  const rows = async () => new Map((await t.database.db.select().from(lookalikes)).map((r) => [r.name, r]));
  const lookalikeAlerts = () =>
    t.database.db.select().from(alerts).where(eq(alerts.type, 'lookalike_domain'));

  it('changes state only after repeated observations and alerts once per change', async () => {
    const added = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/tacklebox/v1/domains',
      payload: { customer_id: t.fixtures.acme.customerId, names: ['acme.com'] },
    });
    expect(added.statusCode).toBe(201);
    // A customer's mute applies to lookalike alerts as to any other.
    await t.database.db.insert(mutes).values({
      customerId: t.fixtures.acme.customerId,
      conditions: [{ field: 'title', operator: 'contains', value: 'acme.org' }],
      description: 'our own parked name',
    });

    const first = await scan();
    expect(first.candidates).toBeGreaterThan(500);
    expect(first.inconclusive).toBeGreaterThanOrEqual(1);
    let seen = await rows();
    // Seen once: pending, not yet registered; nothing raised.
    expect(seen.get('acme-login.com')).toMatchObject({ registered: false, pendingCount: 1 });
    expect(await lookalikeAlerts()).toHaveLength(0);

    flapUp = false;
    await scan();
    seen = await rows();
    expect(seen.get('acme-login.com')).toMatchObject({
      registered: true,
      resolves: true,
      hasMx: true,
      servesPage: true,
      classification: 'phishing',
      mx: ['mail.acme-login.com'],
    });
    expect(seen.get('acme-login.com')!.registeredOn?.toISOString()).toBe(registeredAt.toISOString());
    expect(seen.get('acme.org')).toMatchObject({
      registered: true,
      resolves: false,
      hasMx: true,
      classification: 'mail',
    });
    expect(seen.get('acme.net')).toMatchObject({ registered: true, wildcard: true });
    // SERVFAIL never counts as registered; a wildcard parent's answer is not a registration.
    expect(seen.has('acne.com')).toBe(false);
    expect(seen.has('ac.me.com')).toBe(false);
    // The flapping zone went back to what it was: nothing pending, nothing changed.
    expect(seen.get('acm.com')).toMatchObject({ registered: false, pendingCount: 0 });

    flapUp = true;
    await scan();
    flapUp = false;
    await scan();
    expect((await rows()).get('acm.com')).toMatchObject({ registered: false });

    const raised = await lookalikeAlerts();
    expect(raised.map((a) => a.title).sort()).toEqual([
      'Lookalike of acme.com registered: acme-login.com',
      'Lookalike of acme.com registered: acme.net',
      'Lookalike of acme.com registered: acme.org',
    ]);
    expect(raised.every((a) => a.customerId === t.fixtures.acme.customerId)).toBe(true);
    expect(raised.find((a) => a.title.endsWith('acme.org'))?.status).toBe('muted');
    expect(raised.find((a) => a.title.endsWith('acme-login.com'))).toMatchObject({
      status: 'new',
      priority: 'high',
    });
    // The registration date is asked once per lookalike, not on every scan.
    expect(rdapCalls).toBeLessThanOrEqual(6);
  });

  it('explains the risk factor by factor through the API', async () => {
    const [domain] = await t.database.db
      .select()
      .from(monitoredDomains)
      .where(eq(monitoredDomains.name, 'acme.com'));
    const res = await t.as(t.fixtures.acmeUser, {
      method: 'GET',
      url: `/api/tacklebox/v1/domains/${domain!.uid}/lookalikes/acme-login.com`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.risk_breakdown).toEqual([
      { factor: 'fuzzer', weight: 20, detail: 'dictionary' },
      { factor: 'has_mx', weight: 25, detail: 'mail.acme-login.com' },
      { factor: 'serves_page', weight: 20, detail: '127.0.0.1' },
      { factor: 'resolves', weight: 10, detail: '127.0.0.1' },
      { factor: 'young', weight: 20, detail: '10' },
    ]);
    expect(body).toMatchObject({ risk: 95, age_days: 10, country: null, classification: 'phishing' });
    const list = await t.as(t.fixtures.globexUser, {
      method: 'GET',
      url: `/api/tacklebox/v1/domains/${domain!.uid}/lookalikes`,
    });
    expect(list.statusCode).toBe(404);
  });
});
