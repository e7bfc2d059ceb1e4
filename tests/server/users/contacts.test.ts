import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customerSubscriptions,
  mailOutbox,
  userInvitations,
  users,
} from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const BASE = '/api/management/contacts';
type User = { contactId: string } | null;

describe.each(backends())('managing users on %s', (backend) => {
  let t: TestApp;
  let acmeAdmin: { contactId: string };
  let robot: { contactId: string };
  const call = (user: User, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.as(user, { method, url, ...(payload !== undefined && { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { partner, acme, globex } = t.fixtures;
    // A customer administrator of Acme, and a provisioning user tied to Globex's subscription.
    const inserted = await t.database.db
      .insert(users)
      .values([
        {
          partnerId: partner.partnerId,
          email: 'boss@acme.test',
          roleLevel: 'Customer',
          validCustomerIds: [acme.customerId],
          permissions: ['read_all', 'modify_all'],
        },
        {
          partnerId: partner.partnerId,
          email: 'provisioning@globex.test',
          roleLevel: 'Customer',
          isProvisioning: true,
          validCustomerIds: [globex.customerId],
        },
      ])
      .returning();
    [acmeAdmin, robot] = [inserted[0]!, inserted[1]!];
    await t.database.db
      .insert(customerSubscriptions)
      .values({ customerId: globex.customerId, product: 'MDR', billing: 'endpoint' });
  });
  afterAll(() => t.close());

  it('invites a user: created without a password, mail in the outbox, link stored hashed, audited', async () => {
    const { analyst, acme } = t.fixtures;
    const response = await call(analyst, 'POST', `${BASE}?synchronous=true`, {
      email: ' new.person@acme.test ',
      first_name: 'New',
      last_name: 'Person',
      role_level: 'Customer',
      valid_customer_ids: [acme.customerId],
      permissions: ['read_all'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      email: 'new.person@acme.test',
      name: 'New Person',
      role_level: 'Customer',
      valid_customer_ids: [acme.customerId],
      permissions: ['read_all'],
      invitation_pending: true,
      last_login: null,
    });
    const db = t.database.db;
    const mail = (await db.select().from(mailOutbox)).find((m) =>
      m.recipients.includes('new.person@acme.test'),
    );
    expect(mail?.subject).toBe('You are invited to Watchfloor');
    const link = /\/idp\/invitation\/(\S+)/.exec(mail!.text)?.[1];
    expect(link).toBeTruthy();
    const [invitation] = await db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.contactId, created.contact_id));
    expect(invitation!.secretHash).not.toContain(link!.split('.')[1]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, created.contact_id)));
    expect(audits.map((a) => [a.action, a.customerId])).toEqual([['create', acme.customerId]]);
    const again = await call(analyst, 'POST', BASE, {
      email: 'NEW.person@acme.test',
      role_level: 'Customer',
      valid_customer_ids: [acme.customerId],
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input with the field named', async () => {
    const { analyst, acme } = t.fixtures;
    const bad = await call(analyst, 'POST', BASE, {
      email: 'not-an-address',
      role_level: 'Customer',
      valid_customer_ids: [acme.customerId],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toEqual({ field: 'email', reason: 'Please enter a valid Email' });
    const noCustomer = await call(analyst, 'POST', BASE, { email: 'x@acme.test', role_level: 'Customer' });
    expect(noCustomer.json().error.details[0]).toEqual({
      field: 'valid_customer_ids',
      reason: 'Please select a customer',
    });
    const unknown = await call(analyst, 'POST', BASE, { email: 'x@acme.test', role_level: 'Boss' });
    expect(unknown.statusCode).toBe(400);
  });

  it('lets a customer administrator invite only within their customer and never grant more than they have', async () => {
    const { acme, globex } = t.fixtures;
    const ok = await call(acmeAdmin, 'POST', BASE, {
      email: 'helper@acme.test',
      role_level: 'Customer',
      valid_customer_ids: [acme.customerId],
      permissions: ['read_all'],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const other = await call(acmeAdmin, 'POST', BASE, {
      email: 'spy@globex.test',
      role_level: 'Customer',
      valid_customer_ids: [globex.customerId],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.details[0].field).toBe('valid_customer_ids');
    const global = await call(acmeAdmin, 'POST', BASE, { email: 'staff@acme.test', role_level: 'Global' });
    expect(global.statusCode).toBe(403);
    const wider = await call(acmeAdmin, 'POST', BASE, {
      email: 'wf@acme.test',
      role_level: 'Customer',
      valid_customer_ids: [acme.customerId],
      permissions: ['modify_workflow'],
    });
    expect(wider.statusCode).toBe(403);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'spy@globex.test'))).toEqual([]);
  });

  it('keeps users without modify_all, and customers, out of user management', async () => {
    const { viewer, acmeUser, acme } = t.fixtures;
    for (const who of [viewer, acmeUser]) {
      const response = await call(who, 'POST', BASE, {
        email: 'z@acme.test',
        role_level: 'Customer',
        valid_customer_ids: [acme.customerId],
      });
      expect(response.statusCode).toBe(403);
      expect((await call(who, 'GET', `${BASE}/${t.fixtures.globexUser.contactId}`)).statusCode).toBe(403);
    }
  });

  it("gets, edits and deletes within reach; another customer's people are not found", async () => {
    const { acmeUser, globexUser, analyst, acme } = t.fixtures;
    expect((await call(acmeAdmin, 'GET', `${BASE}/${acmeUser.contactId}`)).json().email).toBe(
      'user@acme.test',
    );
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await call(
        acmeAdmin,
        method,
        `${BASE}/${globexUser.contactId}`,
        method === 'PATCH' ? { first_name: 'X' } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json().error.message).toBe(`A user with the ID ${globexUser.contactId} was not found.`);
    }
    expect((await call(acmeAdmin, 'GET', `${BASE}/${analyst.contactId}`)).statusCode).toBe(404);
    const edited = await call(acmeAdmin, 'PATCH', `${BASE}/${acmeUser.contactId}`, {
      first_name: 'Casey',
      permissions: ['read_all'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      first_name: 'Casey',
      permissions: ['read_all'],
      valid_customer_ids: [acme.customerId],
    });
    const promote = await call(acmeAdmin, 'PATCH', `${BASE}/${acmeUser.contactId}`, { role_level: 'Global' });
    expect(promote.statusCode).toBe(403);
    const own = await call(acmeAdmin, 'PATCH', `${BASE}/${acmeAdmin.contactId}`, {
      permissions: ['read_all', 'modify_all', 'modify_workflow'],
    });
    expect(own.statusCode).toBe(409);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, acmeUser.contactId), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject({ actorId: acmeAdmin.contactId, customerId: acme.customerId });
    expect((audit!.before as { first_name: string }).first_name).toBe('Cas');
  });

  it('refuses to delete a provisioning user tied to a subscription, saying why, and oneself', async () => {
    const { analyst } = t.fixtures;
    const response = await call(analyst, 'DELETE', `${BASE}/${robot.contactId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/tied to a subscription.*distributor/);
    expect((await call(analyst, 'DELETE', `${BASE}/${analyst.contactId}`)).statusCode).toBe(409);
  });

  it('deletes a user, audited, and the list no longer has them', async () => {
    const { analyst, acme } = t.fixtures;
    const created = (
      await call(analyst, 'POST', BASE, {
        email: 'leaver@acme.test',
        role_level: 'Customer',
        valid_customer_ids: [acme.customerId],
      })
    ).json();
    const response = await call(acmeAdmin, 'DELETE', `${BASE}/${created.contact_id}`);
    expect(response.statusCode).toBe(204);
    const list = (await call(analyst, 'GET', BASE)).json().contacts.map((c: { email: string }) => c.email);
    expect(list).not.toContain('leaver@acme.test');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.contact_id), eq(auditLog.action, 'delete')));
    expect(audits).toHaveLength(1);
  });

  it('sends the invitation again only while no password is set', async () => {
    const { analyst, acme, acmeUser } = t.fixtures;
    const created = (
      await call(analyst, 'POST', BASE, {
        email: 'slow@acme.test',
        role_level: 'Customer',
        valid_customer_ids: [acme.customerId],
      })
    ).json();
    expect((await call(analyst, 'POST', `${BASE}/${created.contact_id}/invitation`)).statusCode).toBe(202);
    const mails = (await t.database.db.select().from(mailOutbox)).filter((m) =>
      m.recipients.includes('slow@acme.test'),
    );
    expect(mails).toHaveLength(2);
    expect((await call(analyst, 'POST', `${BASE}/${acmeUser.contactId}/invitation`)).statusCode).toBe(409);
  });
});
