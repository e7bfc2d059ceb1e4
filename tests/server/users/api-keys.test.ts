import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, apiKeys, auditLog, users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const KEYS = '/api/profile/api-keys';

describe.each(backends())('API keys on %s', (backend) => {
  let t: TestApp;
  let acmeAdmin: { contactId: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    const { partner, acme, globex } = t.fixtures;
    const [inserted] = await t.database.db
      .insert(users)
      .values({
        partnerId: partner.partnerId,
        email: 'boss@acme.test',
        roleLevel: 'Customer',
        validCustomerIds: [acme.customerId],
        permissions: ['read_all', 'modify_all'],
      })
      .returning();
    acmeAdmin = inserted!;
    await t.database.db.insert(alerts).values([
      { customerId: acme.customerId, title: 'Acme alert', type: 'edr' },
      { customerId: globex.customerId, title: 'Globex alert', type: 'edr' },
    ]);
  });
  afterAll(() => t.close());

  const create = async (user: { contactId: string }, body: object) =>
    t.as(user, { method: 'POST', url: KEYS, payload: body });
  /** A script's call: the key and nothing else, no cookie, no XSRF header. */
  const script = (key: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
  const alertTitles = async (key: string) =>
    (await script(key, 'GET', '/api/alerts/v1/alerts/')).json().alerts.map((a: { title: string }) => a.title);

  it('shows the secret once, stores only its hash, and reaches exactly its customers', async () => {
    const { analyst, acme } = t.fixtures;
    const response = await create(analyst, {
      name: 'SIEM export',
      customer_ids: [acme.customerId],
      access: 'read',
      expires_in_days: 30,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { key, key_id: keyId } = response.json();
    expect(key).toMatch(/^wfk_/);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.keyId, keyId));
    expect(row!.secretHash).not.toContain(key.split('.')[1]);
    const listed = (await t.as(analyst, { url: KEYS })).json().api_keys;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('key');

    expect(await alertTitles(key)).toEqual(['Acme alert']);
    const customers = (await script(key, 'GET', '/api/management/customers')).json().customers;
    expect(customers.map((c: { name: string }) => c.name)).toEqual(['Acme Test']);
    const after = (await t.as(analyst, { url: KEYS })).json().api_keys[0];
    expect(after.last_used_at).not.toBeNull();
    const uses = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'api_key'), eq(auditLog.action, 'use')));
    expect(uses.length).toBeGreaterThanOrEqual(2);
    expect(uses[0]!.after).toMatchObject({ method: 'GET' });
  });

  it('refuses a read-only key every write', async () => {
    const { analyst, acme } = t.fixtures;
    const { key } = (
      await create(analyst, {
        name: 'ro',
        customer_ids: [acme.customerId],
        access: 'read',
        expires_in_days: 1,
      })
    ).json();
    const write = await script(key, 'POST', '/api/management/contacts', {
      email: 'x@acme.test',
      role_level: 'Customer',
      valid_customer_ids: [acme.customerId],
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toBe('This API key may only read.');
  });

  it('lets a read and write key write within its scope only', async () => {
    const { analyst, acme, globex } = t.fixtures;
    const { key } = (
      await create(analyst, {
        name: 'rw',
        customer_ids: [acme.customerId],
        access: 'read_write',
        expires_in_days: 1,
      })
    ).json();
    const inScope = await script(key, 'POST', '/api/management/contacts', {
      email: 'via-key@acme.test',
      role_level: 'Customer',
      valid_customer_ids: [acme.customerId],
    });
    expect(inScope.statusCode, inScope.body).toBe(201);
    const outside = await script(key, 'POST', '/api/management/contacts', {
      email: 'via-key@globex.test',
      role_level: 'Customer',
      valid_customer_ids: [globex.customerId],
    });
    expect(outside.statusCode).toBe(400);
    expect(
      (
        await script(key, 'POST', KEYS, {
          name: 'child',
          access: 'read',
          customer_ids: [acme.customerId],
          expires_in_days: 1,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("never acts as an administrator: an admin's key cannot impersonate", async () => {
    const { admin, acmeUser } = t.fixtures;
    const { key } = (
      await create(admin, { name: 'admin rw', global: true, access: 'read_write', expires_in_days: 1 })
    ).json();
    const response = await script(key, 'POST', '/api/support/v1/impersonation', {
      contact_id: acmeUser.contactId,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses revoked and expired keys', async () => {
    const { analyst, acme } = t.fixtures;
    const revoked = (
      await create(analyst, {
        name: 'soon gone',
        customer_ids: [acme.customerId],
        access: 'read',
        expires_in_days: 1,
      })
    ).json();
    expect((await t.as(analyst, { method: 'DELETE', url: `${KEYS}/${revoked.key_id}` })).statusCode).toBe(
      204,
    );
    const refused = await script(revoked.key, 'GET', '/api/alerts/v1/alerts/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('This API key has been revoked.');
    const expired = (
      await create(analyst, {
        name: 'old',
        customer_ids: [acme.customerId],
        access: 'read',
        expires_in_days: 1,
      })
    ).json();
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.keyId, expired.key_id));
    expect((await script(expired.key, 'GET', '/api/alerts/v1/alerts/')).json().error.message).toBe(
      'This API key has expired.',
    );
    expect((await script(`${expired.key}x`, 'GET', '/api/alerts/v1/alerts/')).statusCode).toBe(401);
  });

  it("never makes a key wider than its creator, and keeps keys their creator's own", async () => {
    const { acme, globex, analyst } = t.fixtures;
    expect(
      (await create(acmeAdmin, { name: 'g', global: true, access: 'read', expires_in_days: 1 })).statusCode,
    ).toBe(403);
    const wider = await create(acmeAdmin, {
      name: 'w',
      customer_ids: [acme.customerId, globex.customerId],
      access: 'read',
      expires_in_days: 1,
    });
    expect(wider.statusCode).toBe(400);
    expect(
      (
        await create(t.fixtures.acmeUser, {
          name: 'u',
          customer_ids: [acme.customerId],
          access: 'read',
          expires_in_days: 1,
        })
      ).statusCode,
    ).toBe(403);
    const own = (
      await create(acmeAdmin, {
        name: 'mine',
        customer_ids: [acme.customerId],
        access: 'read',
        expires_in_days: 1,
      })
    ).json();
    expect(await alertTitles(own.key)).toEqual(['Acme alert']);
    expect(
      (await t.as(analyst, { url: KEYS })).json().api_keys.map((k: { name: string }) => k.name),
    ).not.toContain('mine');
    expect((await t.as(analyst, { method: 'DELETE', url: `${KEYS}/${own.key_id}` })).statusCode).toBe(404);
    // The creator loses Acme: the key loses it with them.
    await t.database.db
      .update(users)
      .set({ validCustomerIds: [globex.customerId] })
      .where(eq(users.contactId, acmeAdmin.contactId));
    expect(await alertTitles(own.key)).toEqual([]);
    const global = (
      await create(analyst, { name: 'all', global: true, access: 'read', expires_in_days: 1 })
    ).json();
    expect((await alertTitles(global.key)).sort()).toEqual(['Acme alert', 'Globex alert']);
  });
});
