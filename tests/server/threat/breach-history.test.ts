import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breachLookups } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

/** One breach the provider stand-in reports; the history shows it as it was stored. */
const breach = {
  name: 'Adobe',
  title: 'Adobe',
  domain: 'adobe.com',
  breach_date: '2013-10-04',
  pwn_count: 1,
  data_classes: [],
  verified: true,
};

describe.each(backends())('breach history on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const partnerId = t.fixtures.acme.partnerId;
    await t.database.db.insert(breachLookups).values([
      {
        partnerId,
        customerId: t.fixtures.acme.customerId,
        account: 'pat@acme.example',
        status: 'done',
        breaches: [breach, { ...breach, name: 'LinkedIn' }],
        attempts: 1,
        requestedBy: t.fixtures.acmeUser.contactId,
        requestedAt: new Date('2026-01-02T10:00:00Z'),
        finishedAt: new Date('2026-01-02T10:00:20Z'),
      },
      {
        partnerId,
        customerId: t.fixtures.acme.customerId,
        account: 'lee@acme.example',
        status: 'failed',
        attempts: 5,
        lastError: 'the provider answered 503',
        requestedBy: t.fixtures.acmeUser.contactId,
        requestedAt: new Date('2026-01-03T10:00:00Z'),
        finishedAt: new Date('2026-01-03T10:05:00Z'),
      },
      {
        partnerId,
        customerId: t.fixtures.globex.customerId,
        account: 'kim@globex.example',
        status: 'in_progress',
        requestedBy: t.fixtures.globexUser.contactId,
        requestedAt: new Date('2026-01-04T10:00:00Z'),
      },
      {
        partnerId,
        customerId: null,
        account: 'soc@provider.example',
        status: 'done',
        requestedBy: t.fixtures.analyst.contactId,
        requestedAt: new Date('2026-01-01T10:00:00Z'),
        finishedAt: new Date('2026-01-01T10:00:05Z'),
      },
    ]);
  });
  afterAll(() => t.close());

  const history = async (user: { contactId: string } | null, query = '') =>
    t.as(user, { method: 'GET', url: `/api/threat/hibp${query}` });

  it("lists the caller's customers' look-ups, newest first, with what each found and its state", async () => {
    const response = await history(t.fixtures.acmeUser);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lookups).toEqual([
      {
        account: 'lee@acme.example',
        customer_id: t.fixtures.acme.customerId,
        status: 'failed',
        breach_count: 0,
        breaches: [],
        requested_at: '2026-01-03T10:00:00.000Z',
        finished_at: '2026-01-03T10:05:00.000Z',
        error: 'the provider answered 503',
      },
      {
        account: 'pat@acme.example',
        customer_id: t.fixtures.acme.customerId,
        status: 'done',
        breach_count: 2,
        breaches: [breach, { ...breach, name: 'LinkedIn' }],
        requested_at: '2026-01-02T10:00:00.000Z',
        finished_at: '2026-01-02T10:00:20.000Z',
        error: null,
      },
    ]);
  });

  it('never shows one customer another customer’s or staff look-ups; staff see all, or one customer', async () => {
    const globex = (await history(t.fixtures.globexUser)).json().lookups;
    expect(globex.map((l: { account: string }) => l.account)).toEqual(['kim@globex.example']);
    // Asking for another customer narrows to nothing rather than reaching it.
    const reach = (
      await history(t.fixtures.globexUser, `?customer_ids=${t.fixtures.acme.customerId}`)
    ).json();
    expect(reach.lookups).toEqual([]);
    const staff = (await history(t.fixtures.analyst)).json().lookups;
    expect(staff.map((l: { account: string }) => l.account)).toEqual([
      'kim@globex.example',
      'lee@acme.example',
      'pat@acme.example',
      'soc@provider.example',
    ]);
    const one = (
      await history(t.fixtures.analyst, `?customer_ids=${t.fixtures.acme.customerId}&limit=1`)
    ).json();
    expect(one.lookups.map((l: { account: string }) => l.account)).toEqual(['lee@acme.example']);
  });

  it('requires sign-in and refuses a bad query', async () => {
    expect((await history(null)).statusCode).toBe(401);
    expect((await history(t.fixtures.acmeUser, '?limit=0')).statusCode).toBe(400);
    expect((await history(t.fixtures.acmeUser, '?customer_ids=nope')).statusCode).toBe(400);
  });
});
