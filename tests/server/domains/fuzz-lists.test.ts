import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsClient, scanDomain } from '../../../src/server/areas/domains/index.ts';
import { auditLog, lookalikes, monitoredDomains } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { type LocalDns, startLocalDns, type Zone } from '../../helpers/local-dns.ts';

const base = '/api/tacklebox/v1/domains';

describe.each(backends())('dictionary and suffix lists of a domain on %s', (backend) => {
  let t: TestApp;
  let dns: LocalDns;
  let rdap: Server;
  let rdapUrl: string;
  let acmeUid: string;
  let globexUid: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    // Only names made from the domain's own lists are registered. A one-letter domain: each scan
    // resolves under two hundred candidates rather than a thousand.
    dns = await startLocalDns(
      new Map<string, Zone>([
        ['a-phish.com', { A: ['127.0.0.5'] }],
        ['a.pl', { A: ['127.0.0.6'] }],
      ]),
    );
    rdap = createServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => rdap.listen(0, '127.0.0.1', resolve));
    rdapUrl = `http://127.0.0.1:${(rdap.address() as AddressInfo).port}`;
    const add = async (user: { contactId: string }, customerId: string, name: string) => {
      const response = await t.as(user, {
        method: 'POST',
        url: base,
        payload: { customer_id: customerId, names: [name] },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().domains[0].uid as string;
    };
    acmeUid = await add(t.fixtures.acmeUser, t.fixtures.acme.customerId, 'a.com');
    globexUid = await add(t.fixtures.globexUser, t.fixtures.globex.customerId, 'globex.com');
  });
  afterAll(async () => {
    await dns.close();
    rdap.close();
    await t.close();
  });

  const lists = (user: { contactId: string } | null, uid: string) =>
    t.as(user, { method: 'GET', url: `${base}/${uid}/fuzz-lists` });
  const put = (user: { contactId: string } | null, uid: string, payload: unknown) =>
    t.as(user, {
      method: 'PUT',
      url: `${base}/${uid}/fuzz-lists`,
      payload: payload as Record<string, unknown>,
    });
  // Pages are asked of the RDAP stand-in, which answers none: no lookalike serves one.
  const port = () => (rdap.address() as AddressInfo).port;
  const scan = async () => {
    const [domain] = await t.database.db
      .select()
      .from(monitoredDomains)
      .where(eq(monitoredDomains.uid, acmeUid));
    await scanDomain(t.database.db, domain!, {
      // The local server answers every name at once; a long wait only covers a busy machine, where a
      // lost answer would leave a scan to retry and meet the next test's jobs.
      dns: new DnsClient(dns.address, { timeoutMs: 10_000, tries: 1 }),
      settings: { resolver: dns.address, rdapBaseUrl: rdapUrl, geoipDatabase: undefined, httpPort: port() },
    });
    return (await t.database.db.select().from(lookalikes).where(eq(lookalikes.domainUid, acmeUid))).map(
      (r) => `${r.fuzzer} ${r.name}`,
    );
  };

  it('starts with the default lists', async () => {
    const response = await lists(t.fixtures.acmeUser, acmeUid);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ custom_words: false, custom_tlds: false });
    expect(body.words).toContain('login');
    expect(body.tlds).toContain('net');
    expect(body.words).not.toContain('phish');
  });

  it('refuses bad words and unknown suffixes by field, changing nothing', async () => {
    const bad = await put(t.fixtures.acmeUser, acmeUid, {
      words: ['login', 'not a label', '-edge', 'x'.repeat(31)],
      tlds: ['com', 'notatld', 'co.uk', '..'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      'words[1]',
      'words[2]',
      'words[3]',
      'tlds[1]',
      'tlds[3]',
    ]);
    expect(bad.json().error.details[0].reason).toMatch(/DNS label/);
    expect(bad.json().error.details[3].reason).toBe('Not a known top-level domain or public suffix.');
    const tooMany = await put(t.fixtures.acmeUser, acmeUid, {
      words: Array.from({ length: 201 }, (_, i) => `w${i}`),
      tlds: null,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toEqual([{ field: 'words', reason: 'At most 200 words.' }]);
    expect((await put(t.fixtures.acmeUser, acmeUid, { words: 'login' })).statusCode).toBe(400);
    expect((await lists(t.fixtures.acmeUser, acmeUid)).json()).toMatchObject({ custom_words: false });
  });

  it("saves the domain's own lists, normalised and audited, and the next scan uses them", async () => {
    expect(await scan()).toEqual([]);
    const saved = await put(t.fixtures.acmeUser, acmeUid, {
      words: [' Phish ', 'phish', 'login'],
      tlds: ['PL', '.co.uk'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      words: ['phish', 'login'],
      tlds: ['pl', 'co.uk'],
      custom_words: true,
      custom_tlds: true,
    });
    expect((await lists(t.fixtures.acmeUser, acmeUid)).json()).toEqual(saved.json());
    expect((await scan()).sort()).toEqual(['dictionary a-phish.com', 'tld-swap a.pl']);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, acmeUid));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1]!.after).toEqual({ words: ['phish', 'login'], tlds: ['pl', 'co.uk'] });
    // null puts the default list back.
    const reset = await put(t.fixtures.acmeUser, acmeUid, { words: null, tlds: ['pl'] });
    expect(reset.json()).toMatchObject({ custom_words: false, custom_tlds: true, tlds: ['pl'] });
    expect(reset.json().words).toContain('login');
  });

  it("keeps one customer's lists from another and from read-only staff", async () => {
    expect((await lists(t.fixtures.globexUser, acmeUid)).statusCode).toBe(404);
    expect((await put(t.fixtures.globexUser, acmeUid, { words: [], tlds: [] })).statusCode).toBe(404);
    expect((await lists(t.fixtures.acmeUser, globexUid)).statusCode).toBe(404);
    expect((await put(t.fixtures.viewer, acmeUid, { words: [], tlds: [] })).statusCode).toBe(403);
    expect((await lists(null, acmeUid)).statusCode).toBe(401);
    expect((await lists(t.fixtures.acmeUser, 'nope')).statusCode).toBe(400);
    expect((await lists(t.fixtures.acmeUser, acmeUid)).json()).toMatchObject({ tlds: ['pl'] });
  });
});
