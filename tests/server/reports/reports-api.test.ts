import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, auditLog } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { EVERY_SECTION, reportsApi } from './helpers.ts';

describe.each(backends())('reports and their scopes on %s', (backend) => {
  let t: TestApp;
  let api: ReturnType<typeof reportsApi>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    api = reportsApi(t);
  });
  afterAll(() => t.close());

  it('requires sign-in', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/ngreports/v0/reports/' })).statusCode).toBe(401);
  });

  it('refuses a document it could not render, naming each field, and keeps nothing', async () => {
    const bad = await api.create(t.fixtures.analyst, {
      name: 'Broken',
      scope: 'private',
      start_date: '2026-10-01',
      document: {
        components: [{ type: 'header' }, { type: 'section' }, { type: 'rule', section: 'kpis' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      'document.components[0].text',
      'document.components[1].section',
      'document.components[2].section',
      'end_date',
    ]);
    const unknownKind = await api.create(t.fixtures.analyst, {
      name: 'Broken',
      scope: 'private',
      document: { components: [{ type: 'section', section: 'weather' }] },
    });
    expect(unknownKind.statusCode).toBe(400);
    const noCustomer = await api.create(t.fixtures.analyst, {
      name: 'x',
      scope: 'customer',
      document: { components: [] },
    });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().error.details).toEqual([
      { field: 'customer_id', reason: 'is required for a customer report' },
    ]);
    expect(await api.list(t.fixtures.analyst)).toEqual([]);
  });

  it('shares as saved searches do: private to its owner, customer to that customer, global to all', async () => {
    const { analyst, acmeUser, globexUser, admin, acme, globex } = t.fixtures;
    const made = async (user: { contactId: string }, name: string, scope: string, customer_id?: string) => {
      const response = await api.create(user, { name, scope, customer_id, document: EVERY_SECTION });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const mine = await made(analyst, 'Analyst private', 'private');
    await made(analyst, 'Acme monthly', 'customer', acme.customerId);
    await made(analyst, 'Everyone', 'global');
    await made(acmeUser, 'Acme own', 'private');
    expect(mine).toMatchObject({ version: 1, mine: true, target: 'month', retention_days: 90 });
    const names = async (user: { contactId: string }) => (await api.list(user)).map((r) => r.name);
    expect(await names(analyst)).toEqual(['Acme monthly', 'Analyst private', 'Everyone']);
    expect(await names(admin)).toEqual(['Acme monthly', 'Everyone']);
    expect(await names(acmeUser)).toEqual(['Acme monthly', 'Acme own', 'Everyone']);
    expect(await names(globexUser)).toEqual(['Everyone']);
    // Customer users may not share globally, nor with a customer they cannot see (404 as everywhere).
    const global = await api.create(acmeUser, { name: 'x', scope: 'global', document: { components: [] } });
    expect(global.statusCode).toBe(403);
    const other = await api.create(acmeUser, {
      name: 'x',
      scope: 'customer',
      customer_id: globex.customerId,
      document: { components: [] },
    });
    expect(other.statusCode).toBe(404);
    const hidden = await t.as(globexUser, { method: 'GET', url: `/api/ngreports/v0/reports/${mine.id}` });
    expect(hidden.statusCode).toBe(404);
  });

  it('changes only for its owner and at the version it was read at; each change is audited', async () => {
    const { analyst, admin } = t.fixtures;
    const [report] = (await api.list(analyst)).filter((r) => r.name === 'Everyone');
    const body = { name: 'Everyone, renamed', scope: 'global', document: { components: [{ type: 'rule' }] } };
    const notOwner = await t.as(admin, {
      method: 'PUT',
      url: `/api/ngreports/v0/reports/${report!.id}`,
      payload: { ...body, version: 1 },
    });
    expect(notOwner.statusCode).toBe(403);
    const changed = await t.as(analyst, {
      method: 'PUT',
      url: `/api/ngreports/v0/reports/${report!.id}`,
      payload: { ...body, version: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Everyone, renamed',
      version: 2,
      document: { components: [{ type: 'rule' }] },
    });
    const stale = await t.as(analyst, {
      method: 'PUT',
      url: `/api/ngreports/v0/reports/${report!.id}`,
      payload: { ...body, name: 'Lost', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, report!.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    const removed = await t.as(analyst, { method: 'DELETE', url: `/api/ngreports/v0/reports/${report!.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await api.list(analyst)).map((r) => r.name)).not.toContain('Everyone, renamed');
  });

  it("reads a customer's figures for the target month and the two before, never another customer's", async () => {
    const { analyst, acmeUser, globexUser, acme, globex } = t.fixtures;
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const alert = (customerId: string, day: string, priority: string, type: string, status = 'new') => ({
      customerId,
      title: type,
      type,
      priority,
      status,
      createdAt: at(day),
      updatedAt: at(day),
    });
    await t.database.db.insert(alerts).values([
      alert(acme.customerId, '2026-08-01', 'critical', 'execution'),
      alert(acme.customerId, '2026-09-15', 'high', 'execution', 'closed'),
      alert(acme.customerId, '2026-10-31', 'low', 'phishing'),
      // Outside August to October.
      alert(acme.customerId, '2026-07-31', 'critical', 'execution'),
      alert(acme.customerId, '2026-11-01', 'critical', 'execution'),
      alert(globex.customerId, '2026-09-01', 'critical', 'ransomware'),
    ]);
    const shared = (await api.list(acmeUser)).find((r) => r.name === 'Acme monthly')!;
    const response = await api.data(acmeUser, shared.id, acme.customerId, '2026-10');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json();
    expect(data.period).toEqual({
      start: '2026-08-01',
      end: '2026-10-31',
      label: 'August 2026 – October 2026',
    });
    const kpis = data.sections.find((s: { section: string }) => s.section === 'kpis').data;
    expect(kpis).toMatchObject({
      alerts: 3,
      by_priority: { critical: 1, high: 1, medium: 0, low: 1 },
      by_status: { new: 2, closed: 1 },
    });
    const types = data.sections.find((s: { section: string }) => s.section === 'top_alert_types').data;
    expect(types.types).toEqual([
      { type: 'execution', total: 2, open: 1 },
      { type: 'phishing', total: 1, open: 1 },
    ]);
    // Globex's user cannot ask for Acme, even through a global report they see.
    const globalReport = await api.create(analyst, {
      name: 'Global again',
      scope: 'global',
      document: EVERY_SECTION,
    });
    const refused = await api.data(globexUser, globalReport.json().id, acme.customerId, '2026-10');
    expect(refused.statusCode).toBe(404);
    const ownFigures = (
      await api.data(globexUser, globalReport.json().id, globex.customerId, '2026-10')
    ).json();
    expect(ownFigures.sections.find((s: { section: string }) => s.section === 'kpis').data.alerts).toBe(1);
    // A week is asked of a monthly report: refused, naming the field.
    const wrongTarget = await api.data(acmeUser, shared.id, acme.customerId, '2026-W43');
    expect(wrongTarget.statusCode).toBe(400);
    expect(wrongTarget.json().error.details[0].field).toBe('target');
  });

  it('previews the PDF on the server', async () => {
    const { acmeUser, acme } = t.fixtures;
    const shared = (await api.list(acmeUser)).find((r) => r.name === 'Acme monthly')!;
    const response = await api.preview(acmeUser, shared.id, acme.customerId, '2026-10');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers that no Microsoft integration gives Azure groups', async () => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'GET',
      url: '/api/ngreports/v0/azure-groups/',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ configured: false, groups: [] });
    expect(response.json().message).toMatch(/No Microsoft integration/);
  });
});
