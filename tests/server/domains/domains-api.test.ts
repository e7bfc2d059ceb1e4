import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lookalikes } from '../../../src/server/db/schema/index.ts';
import { withScope } from '../../../src/server/db/tenancy.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

describe.each(backends())('monitored domains on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const base = '/api/tacklebox/v1/domains';
  const add = (user: { contactId: string }, payload: Record<string, unknown>) =>
    t.as(user, { method: 'POST', url: base, payload });
  const list = async (user: { contactId: string }) =>
    (await t.as(user, { method: 'GET', url: base })).json().domains as { uid: string; domain: string }[];

  it('requires sign-in', async () => {
    expect((await t.as(null, { method: 'GET', url: base })).statusCode).toBe(401);
  });

  it("refuses a bad name or a missing customer with the spec's wording", async () => {
    const noCustomer = await add(t.fixtures.analyst, { names: ['acme.com'] });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().error).toMatchObject({
      message: 'Please select a customer',
      details: [{ field: 'customer_id' }],
    });
    const bad = await add(t.fixtures.analyst, {
      customer_id: t.fixtures.acme.customerId,
      names: ['acme.com', 'not a domain', 'localhost', '-bad-.com'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      message: 'Please provide a valid domain name.',
      details: [{ field: 'names[1]' }, { field: 'names[2]' }, { field: 'names[3]' }],
    });
    expect(await list(t.fixtures.analyst)).toEqual([]);
    const badId = await t.as(t.fixtures.analyst, {
      method: 'PUT',
      url: `${base}/nope`,
      payload: { active: false },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('adds one or many for a customer, normalised, and audits each', async () => {
    const one = await add(t.fixtures.analyst, {
      customer_id: t.fixtures.acme.customerId,
      names: ['Acme.COM.'],
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().domains).toEqual([
      expect.objectContaining({
        domain: 'acme.com',
        active: true,
        customer_name: 'Acme Test',
        lookalike_count: 0,
      }),
    ]);
    const bulk = await add(t.fixtures.analyst, {
      customer_id: t.fixtures.acme.customerId,
      names: ['acme.com', 'acme-shop.de', 'bücher.example'],
    });
    expect(bulk.statusCode).toBe(201);
    expect(bulk.json().domains.map((d: { domain: string }) => d.domain)).toEqual([
      'acme.com',
      'acme-shop.de',
      'xn--bcher-kva.example',
    ]);
    expect(bulk.json().domains[0].uid).toBe(one.json().domains[0].uid);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'monitored_domain'));
    expect(rows).toHaveLength(3);
  });

  it('turns monitoring off and on, audited; read-only staff may not', async () => {
    const [domain] = (await list(t.fixtures.analyst)).filter((d) => d.domain === 'acme.com');
    const off = await t.as(t.fixtures.analyst, {
      method: 'PUT',
      url: `${base}/${domain!.uid}`,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    const viewer = await t.as(t.fixtures.viewer, {
      method: 'PUT',
      url: `${base}/${domain!.uid}`,
      payload: { active: true },
    });
    expect(viewer.statusCode).toBe(403);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, domain!.uid));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it("keeps one customer's domains and lookalikes from another", async () => {
    const globex = await add(t.fixtures.globexUser, {
      customer_id: t.fixtures.globex.customerId,
      names: ['globex-secret.com'],
    });
    expect(globex.statusCode, globex.body).toBe(201);
    const uid = globex.json().domains[0].uid as string;
    await t.database.db.insert(lookalikes).values({
      customerId: t.fixtures.globex.customerId,
      domainUid: uid,
      name: 'g1obex-secret.com',
      fuzzer: 'homoglyph',
      registered: true,
      risk: 60,
    });
    expect((await list(t.fixtures.acmeUser)).map((d) => d.domain).sort()).toEqual([
      'acme-shop.de',
      'acme.com',
      'xn--bcher-kva.example',
    ]);
    expect((await list(t.fixtures.globexUser)).map((d) => d.domain)).toEqual(['globex-secret.com']);
    for (const url of [
      `${base}/${uid}`,
      `${base}/${uid}/lookalikes`,
      `${base}/${uid}/lookalikes/g1obex-secret.com`,
    ])
      expect((await t.as(t.fixtures.acmeUser, { method: 'GET', url })).statusCode).toBe(404);
    const put = await t.as(t.fixtures.acmeUser, {
      method: 'PUT',
      url: `${base}/${uid}`,
      payload: { active: false },
    });
    expect(put.statusCode).toBe(404);
    const foreign = await add(t.fixtures.acmeUser, {
      customer_id: t.fixtures.globex.customerId,
      names: ['x.com'],
    });
    expect(foreign.statusCode).toBe(404);
    const own = await t.as(t.fixtures.globexUser, {
      method: 'GET',
      url: `${base}/${uid}/lookalikes/g1obex-secret.com`,
    });
    expect(own.json()).toMatchObject({ name: 'g1obex-secret.com', fuzzer: 'homoglyph', risk: 60 });
    // Row-level security underneath: the acme scope sees no globex rows even unfiltered.
    const seen = await withScope(
      t.database.db,
      {
        partnerId: t.fixtures.partner.partnerId,
        userId: t.fixtures.acmeUser.contactId,
        customerIds: [t.fixtures.acme.customerId],
        global: false,
      },
      (tx) => tx.select().from(lookalikes),
    );
    expect(seen).toEqual([]);
  });
});
