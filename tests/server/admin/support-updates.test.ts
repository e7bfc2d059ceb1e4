import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, auditLog, cases, customerSubscriptions } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { insertOutsiders } from './admin-tenancy.ts';

const SUPPORT = '/api/support/v1';
const UPDATES = '/api/updates/v1/updates/';

describe.each(backends())('support calls, on %s', (backend) => {
  let t: TestApp;
  let outsiders: Awaited<ReturnType<typeof insertOutsiders>>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    outsiders = await insertOutsiders(t);
    const { acme, globex } = t.fixtures;
    await t.database.db
      .insert(customerSubscriptions)
      .values({ customerId: acme.customerId, product: 'EDR', billing: 'endpoint' });
    await t.database.db.insert(alerts).values([
      { customerId: acme.customerId, title: 'a', type: 'edr', priority: 'high', status: 'new' },
      { customerId: acme.customerId, title: 'b', type: 'edr', priority: 'high', status: 'acknowledged' },
      { customerId: acme.customerId, title: 'c', type: 'edr', priority: 'low', status: 'new' },
      { customerId: acme.customerId, title: 'd', type: 'edr', priority: 'critical', status: 'closed' },
      { customerId: globex.customerId, title: 'e', type: 'edr', priority: 'critical', status: 'new' },
    ]);
    await t.database.db.insert(cases).values([
      { customerId: acme.customerId, title: 'Open', status: 'open' },
      { customerId: acme.customerId, title: 'Done', status: 'closed' },
    ]);
  });
  afterAll(() => t.close());

  it('looks up customers of the administrator’s own organisation by name', async () => {
    const response = await t.as(t.fixtures.admin, { url: `${SUPPORT}/customer/`, query: { query: 'acme' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().customers).toEqual([
      expect.objectContaining({
        customer_id: t.fixtures.acme.customerId,
        name: 'Acme Test',
        has_subscription: true,
      }),
    ]);
    const all = await t.as(t.fixtures.admin, { url: `${SUPPORT}/customer/` });
    expect(all.json().customers.map((c: { name: string }) => c.name)).toEqual(['Acme Test', 'Globex Test']);
    const theirs = await t.as(outsiders.otherAdmin, { url: `${SUPPORT}/customer/` });
    expect(theirs.json().customers.map((c: { name: string }) => c.name)).toEqual(['Initech Other']);
    expect((await t.as(t.fixtures.analyst, { url: `${SUPPORT}/customer/` })).statusCode).toBe(403);
  });

  it('a customer administrator flagged admin still sees only their own customer', async () => {
    const response = await t.as(outsiders.acmeAdmin, { url: `${SUPPORT}/customer/` });
    expect(response.statusCode).toBe(200);
    expect(response.json().customers.map((c: { name: string }) => c.name)).toEqual(['Acme Test']);
  });

  it('looks up partners: the administrator’s own only, when it matches', async () => {
    const ours = await t.as(t.fixtures.admin, { url: `${SUPPORT}/partner/`, query: { query: 'test' } });
    expect(ours.json().partners).toEqual([
      expect.objectContaining({
        partner_id: t.fixtures.partner.partnerId,
        name: 'Test MSSP',
        customer_count: 2,
      }),
    ]);
    const other = await t.as(t.fixtures.admin, { url: `${SUPPORT}/partner/`, query: { query: 'Other' } });
    expect(other.json().partners).toEqual([]);
    expect((await t.as(t.fixtures.acmeUser, { url: `${SUPPORT}/partner/` })).statusCode).toBe(403);
  });

  it('answers the MDR support record of a customer to staff: contacts, subscriptions, open work', async () => {
    const response = await t.as(t.fixtures.analyst, {
      url: `${SUPPORT}/mdr_support`,
      query: { customer_id: t.fixtures.acme.customerId },
    });
    expect(response.statusCode).toBe(200);
    const record = response.json();
    expect(record).toMatchObject({
      name: 'Acme Test',
      mdr: false,
      has_subscription: true,
      subscriptions: [{ product: 'EDR', status: 'active', billing: 'endpoint' }],
      open_alerts: { high: 2, low: 1 },
      open_cases: 1,
    });
    // Acme's people, administrators first; never Globex's user nor the provider's staff.
    expect(
      record.contacts.map((c: { email: string; administrator: boolean }) => [c.email, c.administrator]),
    ).toEqual([
      ['boss@acme.test', true],
      ['user@acme.test', false],
    ]);
  });

  it('keeps MDR support records from customers and from other organisations', async () => {
    const asCustomer = await t.as(t.fixtures.acmeUser, {
      url: `${SUPPORT}/mdr_support`,
      query: { customer_id: t.fixtures.acme.customerId },
    });
    expect(asCustomer.statusCode).toBe(403);
    const foreign = await t.as(t.fixtures.analyst, {
      url: `${SUPPORT}/mdr_support`,
      query: { customer_id: outsiders.otherCustomer.customerId },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(
      `A customer with the ID ${outsiders.otherCustomer.customerId} was not found.`,
    );
    expect((await t.as(t.fixtures.analyst, { url: `${SUPPORT}/mdr_support` })).statusCode).toBe(400);
  });
});

describe.each(backends())('writing platform updates, on %s', (backend) => {
  let t: TestApp;
  let outsiders: Awaited<ReturnType<typeof insertOutsiders>>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    outsiders = await insertOutsiders(t);
  });
  afterAll(() => t.close());

  const titlesFor = async (user: { contactId: string }, query: Record<string, string> = {}) => {
    const response = await t.as(user, { url: UPDATES, query });
    expect(response.statusCode).toBe(200);
    return response.json().updates.map((u: { title: string }) => u.title);
  };

  it('only the provider’s administrators write updates; a blank title is refused', async () => {
    const body = { category: 'maintenance', title: 'Window' };
    for (const user of [t.fixtures.analyst, t.fixtures.acmeUser, outsiders.acmeAdmin])
      expect((await t.as(user, { method: 'POST', url: UPDATES, payload: body })).statusCode).toBe(403);
    const blank = await t.as(t.fixtures.admin, {
      method: 'POST',
      url: UPDATES,
      payload: { ...body, title: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details).toEqual([{ field: 'title', reason: 'Please provide a value.' }]);
    const wrong = await t.as(t.fixtures.admin, {
      method: 'POST',
      url: UPDATES,
      payload: { ...body, category: 'gossip' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await titlesFor(t.fixtures.admin, { include_drafts: 'true' })).toEqual([]);
  });

  it('a draft is seen by administrators only; publishing shows it to everyone and counts it as new', async () => {
    const created = await t.as(t.fixtures.admin, {
      method: 'POST',
      url: UPDATES,
      payload: { category: 'agent_release', title: 'Agent 5.2', body: 'Faster **scans**' },
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({ category: 'agent_release', published_at: null });
    expect(await titlesFor(t.fixtures.acmeUser)).toEqual([]);
    expect((await t.as(t.fixtures.acmeUser, { url: `${UPDATES}${draft.id}` })).statusCode).toBe(404);
    expect(
      (await t.as(t.fixtures.acmeUser, { url: UPDATES, query: { include_drafts: 'true' } })).statusCode,
    ).toBe(403);
    expect(await titlesFor(t.fixtures.admin, { include_drafts: 'true' })).toEqual(['Agent 5.2']);

    const seenBefore = new Date(Date.now() - 1000).toISOString();
    const published = await t.as(t.fixtures.admin, {
      method: 'PATCH',
      url: `${UPDATES}${draft.id}`,
      payload: { published: true, title: 'Agent 5.2 released' },
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().published_at).not.toBeNull();
    expect(await titlesFor(t.fixtures.acmeUser)).toEqual(['Agent 5.2 released']);
    expect(await titlesFor(t.fixtures.acmeUser, { since: seenBefore })).toEqual(['Agent 5.2 released']);
    expect(
      await titlesFor(t.fixtures.acmeUser, { since: new Date(Date.now() + 1000).toISOString() }),
    ).toEqual([]);

    const withdrawn = await t.as(t.fixtures.admin, {
      method: 'PATCH',
      url: `${UPDATES}${draft.id}`,
      payload: { published: false },
    });
    expect(withdrawn.json().published_at).toBeNull();
    expect(await titlesFor(t.fixtures.acmeUser)).toEqual([]);

    const actions = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'platform_update'));
    expect(actions.map((a) => a.action)).toEqual(['create', 'publish', 'unpublish']);
  });

  it('deletes an update, audited; deleting it again is not found', async () => {
    const created = await t.as(t.fixtures.admin, {
      method: 'POST',
      url: UPDATES,
      payload: { category: 'announcement', title: 'Bye', published: true },
    });
    const { id } = created.json();
    expect((await t.as(t.fixtures.analyst, { method: 'DELETE', url: `${UPDATES}${id}` })).statusCode).toBe(
      403,
    );
    expect((await t.as(t.fixtures.admin, { method: 'DELETE', url: `${UPDATES}${id}` })).statusCode).toBe(204);
    expect((await t.as(t.fixtures.admin, { method: 'DELETE', url: `${UPDATES}${id}` })).statusCode).toBe(404);
    expect(
      (await t.as(t.fixtures.admin, { method: 'PATCH', url: `${UPDATES}${id}`, payload: { title: 'x' } }))
        .statusCode,
    ).toBe(404);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'delete'));
    expect(entry).toMatchObject({ entity: 'platform_update', entityId: String(id) });
  });
});
