import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, alerts, cases } from '../../src/server/db/schema/index.ts';
import { resultRows, withScope } from '../../src/server/db/tenancy.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends } from '../helpers/database.ts';

describe.each(backends())('tenant isolation on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex } = t.fixtures;
    await t.database.db.insert(agents).values([
      {
        customerId: acme.customerId,
        hostName: 'ACME-WS-01',
        platform: 'windows-11',
        architecture: 'x64',
        version: '5.1.0',
      },
      {
        customerId: globex.customerId,
        hostName: 'GLOBEX-SECRET-01',
        platform: 'windows-11',
        architecture: 'x64',
        version: '5.1.0',
      },
    ]);
    await t.database.db.insert(alerts).values([
      { customerId: acme.customerId, title: 'Acme phishing', type: 'email', hostName: 'ACME-WS-01' },
      {
        customerId: globex.customerId,
        title: 'Globex secret ransomware',
        type: 'edr',
        hostName: 'GLOBEX-SECRET-01',
      },
      { customerId: globex.customerId, title: 'Globex secret exfiltration', type: 'edr', status: 'closed' },
    ]);
    await t.database.db
      .insert(cases)
      .values([{ customerId: globex.customerId, title: 'Globex secret case' }]);
  });
  afterAll(() => t.close());

  const globexId = () => t.fixtures.globex.customerId;

  it('a customer user sees only their customer', async () => {
    const response = await t.as(t.fixtures.acmeUser, { url: '/api/management/customers' });
    expect(response.json().customers.map((c: { name: string }) => c.name)).toEqual(['Acme Test']);
  });

  it('a global user sees every customer of the partner', async () => {
    const response = await t.as(t.fixtures.analyst, { url: '/api/management/customers' });
    expect(response.json().customers.map((c: { name: string }) => c.name)).toEqual([
      'Acme Test',
      'Globex Test',
    ]);
  });

  it('counts ignore customers outside the caller’s reach, even when asked for by id', async () => {
    for (const url of ['/api/alerts/v1/alerts/count', '/api/cases/v1/cases/count']) {
      const asked = await t.as(t.fixtures.acmeUser, { url: `${url}?customer_ids=${globexId()}` });
      expect(asked.json(), url).toEqual({ count: 0 });
    }
    const own = await t.as(t.fixtures.acmeUser, { url: '/api/alerts/v1/alerts/count' });
    expect(own.json()).toEqual({ count: 1 });
    const global = await t.as(t.fixtures.analyst, {
      url: `/api/alerts/v1/alerts/count?statuses=new&statuses=open`,
    });
    expect(global.json()).toEqual({ count: 2 });
  });

  it('agents of another customer are never listed', async () => {
    for (const query of ['', `?customer_ids=${globexId()}`]) {
      const response = await t.as(t.fixtures.acmeUser, { url: `/api/agents/v1/agents/${query}` });
      const hosts = response.json().agents.map((a: { host_name: string }) => a.host_name);
      expect(hosts).not.toContain('GLOBEX-SECRET-01');
    }
  });

  it('the omnibox finds nothing of another customer', async () => {
    const response = await t.as(t.fixtures.acmeUser, {
      url: `/api/search/omnibox?query=secret&customer_ids=${globexId()}`,
    });
    expect(response.json().suggestions).toEqual([]);
    const analyst = await t.as(t.fixtures.analyst, { url: '/api/search/omnibox?query=secret' });
    expect(analyst.json().suggestions.length).toBeGreaterThan(0);
  });

  it('users of another customer are not listed', async () => {
    const response = await t.as(t.fixtures.acmeUser, { url: '/api/management/contacts' });
    const emails = response.json().contacts.map((c: { email: string }) => c.email);
    expect(emails).toContain('user@acme.test');
    expect(emails).not.toContain('user@globex.test');
  });

  it('row-level security hides other customers even from a query without any filter', async () => {
    const scope = {
      partnerId: t.fixtures.partner.partnerId,
      userId: t.fixtures.acmeUser.contactId,
      customerIds: [t.fixtures.acme.customerId],
      global: false,
    };
    const titles = await withScope(t.database.db, scope, async (tx) =>
      (await tx.select({ title: alerts.title }).from(alerts)).map((r) => r.title),
    );
    expect(titles).toEqual(['Acme phishing']);
  });

  // PostgreSQL and PGlite both refuse with insufficient_privilege (42501) and name the policy's table;
  // drizzle wraps the driver's error, so the SQLSTATE is on its cause.
  it('row-level security refuses writing a row for another customer with SQLSTATE 42501', async () => {
    const scope = {
      partnerId: t.fixtures.partner.partnerId,
      userId: t.fixtures.acmeUser.contactId,
      customerIds: [t.fixtures.acme.customerId],
      global: false,
    };
    await expect(
      withScope(t.database.db, scope, (tx) =>
        tx.insert(alerts).values({ customerId: globexId(), title: 'planted', type: 'x' }),
      ),
    ).rejects.toMatchObject({
      cause: {
        code: '42501',
        message: 'new row violates row-level security policy for table "alerts"',
      },
    });
  });

  it('every table with a customer_id column forces row-level security', async () => {
    const rows = resultRows<{ relname: string; forced: boolean; enabled: boolean }>(
      await t.database.db.execute(sql`
        select c.relname, c.relforcerowsecurity as forced, c.relrowsecurity as enabled
        from pg_class c join pg_attribute a on a.attrelid = c.oid
        where a.attname = 'customer_id' and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`),
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row, row.relname).toMatchObject({ forced: true, enabled: true });
  });
});
