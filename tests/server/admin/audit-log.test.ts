import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { insertOutsiders } from './admin-tenancy.ts';

const AUDIT = '/api/admin/v1/audit';

type Entry = {
  id: number;
  at: string;
  actor: { email: string; name: string } | null;
  impersonator: { email: string } | null;
  customer: { name: string } | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
};

describe.each(backends())('the audit log for administrators, on %s', (backend) => {
  let t: TestApp;
  let outsiders: Awaited<ReturnType<typeof insertOutsiders>>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    outsiders = await insertOutsiders(t);
    const { partner, acme, globex, admin, analyst, acmeUser } = t.fixtures;
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
    await t.database.db.insert(auditLog).values([
      {
        at: at(1),
        partnerId: partner.partnerId,
        customerId: acme.customerId,
        actorId: analyst.contactId,
        action: 'update',
        entity: 'alert',
        entityId: '11',
        before: { status: 'new' },
        after: { status: 'acknowledged' },
      },
      {
        at: at(2),
        partnerId: partner.partnerId,
        customerId: globex.customerId,
        actorId: analyst.contactId,
        action: 'create',
        entity: 'case',
        entityId: '7',
        after: { title: '=HYPERLINK("http://evil.test")' },
      },
      // The administrator impersonating Acme's user changed Acme's mute.
      {
        at: at(3),
        partnerId: partner.partnerId,
        customerId: acme.customerId,
        actorId: acmeUser.contactId,
        impersonatorId: admin.contactId,
        action: 'delete',
        entity: 'mute',
        entityId: '3',
        before: { description: 'noisy' },
      },
      {
        at: at(4),
        partnerId: partner.partnerId,
        actorId: admin.contactId,
        action: 'update',
        entity: 'settings',
      },
      {
        at: at(5),
        partnerId: outsiders.other.partnerId,
        customerId: outsiders.otherCustomer.customerId,
        actorId: outsiders.otherAdmin.contactId,
        action: 'update',
        entity: 'alert',
        entityId: '99',
      },
    ]);
  });
  afterAll(() => t.close());

  const list = async (
    query: Record<string, string | number> = {},
    user: { contactId: string } = t.fixtures.admin,
  ) => {
    const response = await t.as(user, {
      url: AUDIT,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { entries: Entry[]; search_after: string | null };
  };

  it('answers only the provider’s administrators: analysts, customer users and customer administrators get 403', async () => {
    expect((await t.as(null, { url: AUDIT })).statusCode).toBe(401);
    for (const user of [t.fixtures.analyst, t.fixtures.viewer, t.fixtures.acmeUser, outsiders.acmeAdmin]) {
      const response = await t.as(user, { url: AUDIT });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe("Only the provider's administrators can do this.");
    }
    for (const url of [`${AUDIT}/export`, `${AUDIT}/kinds`])
      expect((await t.as(outsiders.acmeAdmin, { url })).statusCode).toBe(403);
  });

  it('lists the organisation’s own changes, newest first: who, on behalf of whom, what, before and after', async () => {
    const { entries, search_after } = await list();
    expect(search_after).toBeNull();
    expect(entries.map((e) => `${e.action} ${e.entity}`)).toEqual([
      'update settings',
      'delete mute',
      'create case',
      'update alert',
    ]);
    const mute = entries[1]!;
    expect(mute.actor).toMatchObject({ email: 'user@acme.test', name: 'Cas Tomer' });
    expect(mute.impersonator).toMatchObject({ email: 'admin@test.example' });
    expect(mute.customer).toEqual({ customer_id: t.fixtures.acme.customerId, name: 'Acme Test' });
    expect(mute.before).toEqual({ description: 'noisy' });
    expect(entries[3]).toMatchObject({ before: { status: 'new' }, after: { status: 'acknowledged' } });
  });

  it('never shows another provider’s audit, to its administrator or ours', async () => {
    const ours = await list();
    expect(ours.entries.some((e) => e.entity_id === '99')).toBe(false);
    const theirs = await list({}, outsiders.otherAdmin);
    expect(theirs.entries.map((e) => e.entity_id)).toEqual(['99']);
  });

  it('filters by person (who acted, or impersonated), customer, kind and time', async () => {
    const ids = async (query: Record<string, string>) => (await list(query)).entries.map((e) => e.entity);
    expect(await ids({ actor_id: t.fixtures.admin.contactId })).toEqual(['settings', 'mute']);
    expect(await ids({ actor_id: t.fixtures.analyst.contactId })).toEqual(['case', 'alert']);
    expect(await ids({ customer_id: t.fixtures.acme.customerId })).toEqual(['mute', 'alert']);
    expect(await ids({ entity: 'case' })).toEqual(['case']);
    expect(await ids({ from: '2026-01-01T12:02:00Z', to: '2026-01-01T12:04:00Z' })).toEqual(['mute', 'case']);
  });

  it('refuses a time range that ends before it starts, and filters it cannot read', async () => {
    const backwards = await t.as(t.fixtures.admin, {
      url: AUDIT,
      query: { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details).toEqual([
      { field: 'querystring.to', reason: 'must be after from' },
    ]);
    expect((await t.as(t.fixtures.admin, { url: AUDIT, query: { actor_id: 'nobody' } })).statusCode).toBe(
      400,
    );
  });

  it('pages by keyset: every entry once, in order, and a hand-made cursor is a 400', async () => {
    const first = await list({ batch_size: 3 });
    expect(first.entries).toHaveLength(3);
    expect(first.search_after).not.toBeNull();
    const second = await list({ batch_size: 3, search_after: first.search_after! });
    expect(second.entries.map((e) => e.entity)).toEqual(['alert']);
    expect(second.search_after).toBeNull();
    const bad = await t.as(t.fixtures.admin, { url: AUDIT, query: { search_after: 'bm9wZQ' } });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered log as CSV with formulas neutralised, and audits the export', async () => {
    const response = await t.as(t.fixtures.admin, { url: `${AUDIT}/export`, query: { entity: 'case' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Time","Person","On behalf of","Customer","Action","Kind","Entity ID","Before","After"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Ana Lyst <analyst@test.example>"');
    expect(lines[1]).toContain('"Globex Test"');
    // The JSON cell starts with {, not =, and the title inside it cannot run in a spreadsheet.
    expect(lines[1]).not.toMatch(/,"=/);
    const impersonated = await t.as(t.fixtures.admin, { url: `${AUDIT}/export`, query: { entity: 'mute' } });
    expect(impersonated.body).toContain('"Ada Admin <admin@test.example>","Cas Tomer <user@acme.test>"');
    const exports = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'audit_log'));
    expect(exports).toHaveLength(2);
    expect(exports[0]).toMatchObject({ actorId: t.fixtures.admin.contactId, action: 'export' });
  });

  it('lists the kinds of entity its own log holds', async () => {
    const response = await t.as(t.fixtures.admin, { url: `${AUDIT}/kinds` });
    expect(response.json().kinds).toEqual(expect.arrayContaining(['alert', 'case', 'mute', 'settings']));
    const theirs = await t.as(outsiders.otherAdmin, { url: `${AUDIT}/kinds` });
    expect(theirs.json().kinds).toEqual(['alert']);
  });
});
