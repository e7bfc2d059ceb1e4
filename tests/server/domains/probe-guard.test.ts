import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsClient, lookalikeSettings, scanDomain } from '../../../src/server/areas/domains/index.ts';
import { lookalikes, monitoredDomains } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { type LocalDns, startLocalDns, type Zone } from '../../helpers/local-dns.ts';

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

describe.each(backends())('a lookalike that resolves inside, on %s', (backend) => {
  let t: TestApp;
  let dns: LocalDns;
  let web: Server;
  let rdap: Server;
  let webPort: number;
  let rdapUrl: string;
  const pages: string[] = [];
  const rdapAsked: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    // The lookalike points at the scanning server's own loopback, where a page waits to be asked.
    // A one-letter domain: each scan resolves under two hundred candidates rather than thousands.
    dns = await startLocalDns(
      new Map<string, Zone>([['i-login.com', { A: ['127.0.0.1'], MX: ['mail.i-login.com'] }]]),
    );
    web = createServer((req, res) => {
      pages.push(req.headers.host ?? '');
      res.end('<html>internal admin</html>');
    });
    webPort = await listen(web);
    rdap = createServer((req, res) => {
      rdapAsked.push(req.url ?? '');
      res.writeHead(404).end();
    });
    rdapUrl = `http://127.0.0.1:${await listen(rdap)}`;
  });
  afterAll(async () => {
    await dns?.close();
    web?.close();
    rdap?.close();
    await t?.close();
  });

  const scan = async (env: NodeJS.ProcessEnv) => {
    const [domain] = await t.database.db
      .select()
      .from(monitoredDomains)
      .where(eq(monitoredDomains.name, 'i.com'));
    const settings = {
      ...lookalikeSettings({ DNS_RESOLVER: dns.address, ...env }),
      rdapBaseUrl: rdapUrl,
      httpPort: webPort,
    };
    await scanDomain(t.database.db, domain!, {
      // The local server answers every name at once; a long wait only covers a busy machine, where a
      // lost answer would leave a scan to retry and meet the next test's jobs.
      dns: new DnsClient(dns.address, { timeoutMs: 10_000, tries: 1 }),
      settings,
    });
    const [row] = await t.database.db.select().from(lookalikes).where(eq(lookalikes.name, 'i-login.com'));
    return row!;
  };

  it('is recorded with its address and never contacted, nor RDAP on loopback asked', async () => {
    const added = await t.as(t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/tacklebox/v1/domains',
      payload: { customer_id: t.fixtures.acme.customerId, names: ['i.com'] },
    });
    expect(added.statusCode, added.body).toBe(201);
    await scan({});
    const row = await scan({});
    expect(row).toMatchObject({
      registered: true,
      resolves: true,
      hasMx: true,
      servesPage: false,
      addresses: ['127.0.0.1'],
    });
    expect(pages).toEqual([]);
    expect(rdapAsked).toEqual([]);
  });

  it('is probed once an administrator allows the address', async () => {
    const row = await scan({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
    expect(pages).toEqual([`i-login.com:${webPort}`]);
    expect(row.pending).toMatchObject({ servesPage: true });
  });
});
