import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threatIndicators } from '../../../src/server/db/schema/index.ts';
import { withScope } from '../../../src/server/db/tenancy.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

describe.each(backends())('indicators by hand on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const create = (user: { contactId: string }, payload: Record<string, unknown>) =>
    t.as(user, { method: 'POST', url: '/api/threat/indicators', payload });
  const update = (user: { contactId: string }, id: string, payload: Record<string, unknown>) =>
    t.as(user, { method: 'PATCH', url: `/api/threat/indicators/${id}`, payload });
  const expire = (user: { contactId: string }, id: string) =>
    t.as(user, { method: 'POST', url: `/api/threat/indicators/${id}/expire` });
  const lookup = async (user: { contactId: string }, kind: string, value: string) =>
    (await t.as(user, { method: 'GET', url: `/api/threat/${kind}/${value}` })).json();
  const list = async (user: { contactId: string }, query = '') =>
    (await t.as(user, { method: 'GET', url: `/api/threat/indicators${query}` })).json().indicators as {
      indicator_id: string;
      value: string;
      customer_id: string | null;
      expired: boolean;
    }[];

  it('staff add, edit and expire shared indicators; every look-up follows at once', async () => {
    const added = await create(t.fixtures.analyst, {
      kind: 'domain',
      value: 'Phish.Example.net',
      det: 'B',
      risk: 70,
      country: 'NL',
      threat_categories: ['phishing'],
    });
    expect(added.statusCode, added.body).toBe(201);
    const indicator = added.json();
    expect(indicator).toMatchObject({
      value: 'phish.example.net',
      source: 'manual',
      customer_id: null,
      expired: false,
    });
    expect(await lookup(t.fixtures.acmeUser, 'domain', 'phish.example.net')).toMatchObject({
      det: 'B',
      risk: 70,
      country: 'NL',
    });

    const edited = await update(t.fixtures.analyst, indicator.indicator_id, {
      risk: 95,
      malware_group: 'Qakbot',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await lookup(t.fixtures.acmeUser, 'domain', 'phish.example.net')).toMatchObject({
      risk: 95,
      malware_group: 'Qakbot',
    });

    const expired = await expire(t.fixtures.analyst, indicator.indicator_id);
    expect(expired.json()).toMatchObject({ expired: true });
    expect(await lookup(t.fixtures.acmeUser, 'domain', 'phish.example.net')).toMatchObject({
      det: 'U',
      risk: 0,
    });
    const listed = await list(t.fixtures.analyst, '?value=phish');
    expect(listed).toEqual([expect.objectContaining({ value: 'phish.example.net', expired: true })]);
  });

  it('only staff who may change things edit the shared store, and the database holds the line too', async () => {
    const payload = { kind: 'ip', value: '198.51.100.44', det: 'B', risk: 50 };
    for (const user of [t.fixtures.viewer, t.fixtures.acmeUser]) {
      const refused = await create(user, payload);
      expect(refused.statusCode, refused.body).toBe(403);
    }
    const scope = {
      partnerId: t.fixtures.partner.partnerId,
      userId: t.fixtures.acmeUser.contactId,
      customerIds: [t.fixtures.acme.customerId],
      global: false,
    };
    await expect(
      withScope(t.database.db, scope, (tx) =>
        tx.insert(threatIndicators).values({ kind: 'ip', value: '198.51.100.45' }),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
  });

  it("a customer's own indicator is theirs: it answers their look-ups, and other customers never learn of it", async () => {
    const acme = t.fixtures.acme.customerId;
    const added = await create(t.fixtures.acmeUser, {
      kind: 'ip',
      value: '203.0.113.77',
      det: 'B',
      risk: 88,
      customer_id: acme,
    });
    expect(added.statusCode, added.body).toBe(201);
    const own = added.json();
    expect(own).toMatchObject({ customer_id: acme, source: 'customer' });
    expect(await lookup(t.fixtures.acmeUser, 'ip', '203.0.113.77')).toMatchObject({
      det: 'B',
      risk: 88,
      source: 'customer',
    });
    expect(await lookup(t.fixtures.globexUser, 'ip', '203.0.113.77')).toMatchObject({ det: 'U', risk: 0 });
    expect(await lookup(t.fixtures.analyst, 'ip', '203.0.113.77')).toMatchObject({ det: 'U' });

    expect((await list(t.fixtures.globexUser)).map((i) => i.value)).not.toContain('203.0.113.77');
    expect((await list(t.fixtures.analyst, '?scope=customer')).map((i) => i.indicator_id)).toContain(
      own.indicator_id,
    );
    expect((await update(t.fixtures.globexUser, own.indicator_id, { risk: 1 })).statusCode).toBe(404);
    expect((await expire(t.fixtures.globexUser, own.indicator_id)).statusCode).toBe(404);
    const elsewhere = await create(t.fixtures.acmeUser, {
      kind: 'ip',
      value: '203.0.113.78',
      det: 'B',
      risk: 10,
      customer_id: t.fixtures.globex.customerId,
    });
    expect(elsewhere.statusCode).toBe(404);

    const again = await create(t.fixtures.acmeUser, {
      kind: 'ip',
      value: '203.0.113.77',
      det: 'G',
      risk: 0,
      customer_id: acme,
    });
    expect(again.statusCode).toBe(409);
    expect((await expire(t.fixtures.acmeUser, own.indicator_id)).json()).toMatchObject({ expired: true });
    expect(await lookup(t.fixtures.acmeUser, 'ip', '203.0.113.77')).toMatchObject({ det: 'U' });
  });

  it('bad input is a 400 naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'ip', value: 'evil.example.com', det: 'B', risk: 10 }, 'value'],
      [{ kind: 'file', value: 'abc123', det: 'B', risk: 10 }, 'value'],
      [
        { kind: 'ip', value: '192.0.2.200', det: 'B', risk: 10, expires_at: '2001-01-01T00:00:00Z' },
        'expires_at',
      ],
      [
        {
          kind: 'ip',
          value: '192.0.2.201',
          det: 'B',
          risk: 10,
          customer_id: t.fixtures.acme.customerId,
          country: 'FI',
        },
        'country',
      ],
      [{ kind: 'ip', value: '192.0.2.202', det: 'X', risk: 10 }, 'det'],
      [{ kind: 'ip', value: '192.0.2.203', det: 'B', risk: 101 }, 'risk'],
    ];
    for (const [payload, field] of cases) {
      const response = await create(t.fixtures.analyst, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(field);
    }
    const values = (await list(t.fixtures.analyst, '?value=192.0.2.20')).map((i) => i.value);
    expect(values).toEqual([]);
  });
});
