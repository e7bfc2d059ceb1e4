import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

type Contact = {
  email: string;
  name: string;
  role_level: string;
  valid_customer_ids: string[];
  last_login: string | null;
};

/** GET /management/contacts once answered a customer user with every staff account of the provider. */
describe.each(backends())('contacts a customer user may list, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex, partner } = t.fixtures;
    await t.database.db.insert(users).values({
      partnerId: partner.partnerId,
      email: 'both@shared.test',
      firstName: 'Bo',
      lastName: 'Th',
      roleLevel: 'Customer',
      validCustomerIds: [acme.customerId, globex.customerId],
    });
    // The analyst works an Acme alert; the administrator only Globex's.
    await t.database.db.insert(alerts).values([
      {
        customerId: acme.customerId,
        title: 'Acme alert',
        type: 'edr',
        assignedUsers: ['analyst@test.example'],
      },
      {
        customerId: globex.customerId,
        title: 'Globex alert',
        type: 'edr',
        assignedUsers: ['admin@test.example'],
      },
    ]);
    await t.database.db.update(users).set({ lastLogin: new Date('2026-01-02T03:04:05Z') });
  });
  afterAll(() => t.close());

  const contactsOf = async (user: { contactId: string }) => {
    const response = await t.as(user, { url: '/api/management/contacts' });
    expect(response.statusCode).toBe(200);
    return response.json().contacts as Contact[];
  };

  it("lists the customer's own people and never the provider's staff accounts", async () => {
    const emails = (await contactsOf(t.fixtures.acmeUser)).map((c) => c.email);
    expect(emails).toEqual(['analyst@test.example', 'both@shared.test', 'user@acme.test']);
    expect(emails).not.toContain('admin@test.example');
    expect(emails).not.toContain('viewer@test.example');
    expect(emails).not.toContain('user@globex.test');
  });

  it('shows staff who act on the customer by name only: no other customers, no last sign-in', async () => {
    const contacts = await contactsOf(t.fixtures.acmeUser);
    const analyst = contacts.find((c) => c.email === 'analyst@test.example');
    expect(analyst).toMatchObject({
      name: 'Ana Lyst',
      role_level: 'Global',
      valid_customer_ids: [],
      last_login: null,
    });
    const shared = contacts.find((c) => c.email === 'both@shared.test');
    expect(shared?.valid_customer_ids).toEqual([t.fixtures.acme.customerId]);
  });

  it('another customer sees its own people and the staff working for it, not Acme’s', async () => {
    const emails = (await contactsOf(t.fixtures.globexUser)).map((c) => c.email);
    expect(emails).toEqual(['admin@test.example', 'both@shared.test', 'user@globex.test']);
  });

  it('staff still see every user of their organisation', async () => {
    const emails = (await contactsOf(t.fixtures.analyst)).map((c) => c.email);
    expect(emails).toEqual([
      'admin@test.example',
      'analyst@test.example',
      'both@shared.test',
      'user@acme.test',
      'user@globex.test',
      'viewer@test.example',
    ]);
  });
});
