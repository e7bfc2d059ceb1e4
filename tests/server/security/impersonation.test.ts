import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

/** Impersonation stays within the impersonator's own scope and is audited with both identities. */
describe.each(backends())('impersonation limits, on %s', (backend) => {
  let t: TestApp;
  let acmeAdmin: typeof users.$inferSelect;
  let otherAdmin: typeof users.$inferSelect;
  let provisioning: typeof users.$inferSelect;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const partnerId = t.fixtures.partner.partnerId;
    [acmeAdmin, otherAdmin, provisioning] = (await t.database.db
      .insert(users)
      .values([
        {
          partnerId,
          email: 'admin@acme.test',
          roleLevel: 'Customer',
          isAdmin: true,
          validCustomerIds: [t.fixtures.acme.customerId],
        },
        { partnerId, email: 'second-admin@test.example', roleLevel: 'Global', isAdmin: true },
        { partnerId, email: 'provisioning@test.example', roleLevel: 'Global', isProvisioning: true },
      ])
      .returning()) as [typeof users.$inferSelect, typeof users.$inferSelect, typeof users.$inferSelect];
  });
  afterAll(() => t.close());

  const start = (as: { contactId: string }, target: { contactId: string }) =>
    t.as(as, {
      method: 'POST',
      url: '/api/support/v1/impersonation',
      payload: { contact_id: target.contactId },
    });

  it('refuses to impersonate an administrator or a provisioning account', async () => {
    for (const target of [otherAdmin, provisioning]) {
      const response = await start(t.fixtures.admin, target);
      expect(response.statusCode, target.email).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });

  it('keeps a customer administrator within their customers', async () => {
    for (const target of [t.fixtures.analyst, t.fixtures.globexUser, t.fixtures.admin]) {
      const response = await start(acmeAdmin, target);
      expect([403, 404], target.email).toContain(response.statusCode);
    }
    const own = await start(acmeAdmin, t.fixtures.acmeUser);
    expect(own.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/user/',
      headers: { authorization: `Bearer ${own.json().access_token}` },
    });
    expect(me.json().user).toMatchObject({
      email: 'user@acme.test',
      impersonator: { email: 'admin@acme.test' },
    });
  });

  it('records who impersonated whom, and both identities on what is done meanwhile', async () => {
    const started = await start(t.fixtures.admin, t.fixtures.globexUser);
    expect(started.statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, t.fixtures.globexUser.contactId));
    expect(entry).toMatchObject({ actorId: t.fixtures.admin.contactId, action: 'impersonate' });
    expect(entry!.after).toEqual({
      impersonator: { contact_id: t.fixtures.admin.contactId, email: 'admin@test.example' },
      impersonated: { contact_id: t.fixtures.globexUser.contactId, email: 'user@globex.test' },
    });

    const asUser = { authorization: `Bearer ${started.json().access_token}`, 'x-xsrf-token': 'x' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/portal/v1/settings/',
      headers: asUser,
      cookies: { 'XSRF-TOKEN': 'x' },
      payload: { theme: 'dark' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [settings] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'settings'));
    expect(settings).toMatchObject({
      actorId: t.fixtures.globexUser.contactId,
      impersonatorId: t.fixtures.admin.contactId,
    });
  });

  it('ends the impersonation when its administrator is no longer one', async () => {
    const started = await start(otherAdmin, t.fixtures.acmeUser);
    expect(started.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${started.json().access_token}` };
    expect((await t.app.inject({ url: '/api/user/', headers })).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ isAdmin: false })
      .where(eq(users.contactId, otherAdmin.contactId));
    expect((await t.app.inject({ url: '/api/user/', headers })).statusCode).toBe(401);
  });
});
