import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActivity, alerts, auditLog, cases } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends } from '../helpers/database.ts';

const BASE = '/api/cases/v1/cases/';
type User = { contactId: string } | null;
type Response = LightMyRequestResponse;

describe.each(backends())('cases API on %s', (backend) => {
  let t: TestApp;
  let viewer: { contactId: string };
  let globexCaseId: number;
  let detailCaseId: number;
  let pagedIds: number[];
  let acmeAlerts: number[];
  let globexAlertId: number;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex } = t.fixtures;
    const db = t.database.db;
    viewer = t.fixtures.viewer;
    // 23 acme cases for paging; several share updated_at to prove the id tie-break.
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const paged = await db
      .insert(cases)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          customerId: acme.customerId,
          title: `Paged case ${i}`,
          updatedAt: new Date(base + Math.floor(i / 3) * 1000),
          tags: i % 2 === 0 ? ['even'] : ['odd'],
          riskScore: i * 4,
          status: i < 5 ? 'closed' : 'open',
          assignedUsers: i === 7 ? ['analyst@test.example'] : [],
        })),
      )
      .returning({ id: cases.id });
    pagedIds = paged.map((r) => r.id);
    // Microseconds that a JavaScript Date would lose: keyset paging must still be exact.
    await db.execute(
      sql`update ${cases} set updated_at = updated_at + interval '123 microseconds' where ${cases.id} = ${pagedIds[4]!}`,
    );
    const [detail] = await db
      .insert(cases)
      .values({
        customerId: acme.customerId,
        title: 'Detail case',
        description: 'Ransomware on the file server',
        updatedAt: new Date(base - 86_400_000),
      })
      .returning();
    detailCaseId = detail!.id;
    const [secret] = await db
      .insert(cases)
      .values({
        customerId: globex.customerId,
        title: 'Globex secret case',
        tags: ['secret'],
        updatedAt: new Date(base - 86_400_000),
      })
      .returning();
    globexCaseId = secret!.id;
    const inserted = await db
      .insert(alerts)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          customerId: acme.customerId,
          caseId: detailCaseId,
          title: `Detail alert ${i}`,
          type: 'edr',
          riskScore: 10 + i,
          hostName: `ACME-${i}`,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: alerts.id });
    await db.insert(alerts).values(
      Array.from({ length: 3 }, (_, i) => ({
        customerId: acme.customerId,
        title: `Free alert ${i}`,
        type: 'edr',
        riskScore: 70 + i,
      })),
    );
    acmeAlerts = (
      await db
        .select({ id: alerts.id })
        .from(alerts)
        .where(sql`${alerts.caseId} is null and ${alerts.customerId} = ${acme.customerId}`)
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    const [globexAlert] = await db
      .insert(alerts)
      .values({ customerId: globex.customerId, title: 'Globex alert', type: 'edr' })
      .returning({ id: alerts.id });
    globexAlertId = globexAlert!.id;
    expect(inserted).toHaveLength(12);
  });
  afterAll(() => t.close());

  const get = (user: User, url: string) => t.as(user, { url });
  const post = (user: User, url: string, payload: object) => t.as(user, { method: 'POST', url, payload });
  const put = (user: User, url: string, payload: object) => t.as(user, { method: 'PUT', url, payload });
  const acmeCase = (extra: object = {}) => ({
    customer_id: t.fixtures.acme.customerId,
    title: 'New case',
    ...extra,
  });
  const expectBadField = (response: Response, field: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  };
  const titles = (response: Response) => response.json().cases.map((c: { title: string }) => c.title);

  describe('listCases', () => {
    it('requires sign-in', async () => {
      expect((await get(null, BASE)).statusCode).toBe(401);
    });

    it('rejects bad input with 400 naming the field', async () => {
      expectBadField(await get(t.fixtures.analyst, `${BASE}?batch_size=0`), 'querystring.batch_size');
      expectBadField(await get(t.fixtures.analyst, `${BASE}?batch_size=1001`), 'querystring.batch_size');
      expectBadField(await get(t.fixtures.analyst, `${BASE}?ids=abc`), 'querystring.ids[0]');
      expectBadField(await get(t.fixtures.analyst, `${BASE}?statuses=sleeping`), 'querystring.statuses[0]');
      expectBadField(await get(t.fixtures.analyst, `${BASE}?risk_min=101`), 'querystring.risk_min');
      expectBadField(
        await get(t.fixtures.analyst, `${BASE}?risk_min=60&risk_max=50`),
        'querystring.risk_min',
      );
      expectBadField(
        await get(t.fixtures.analyst, `${BASE}?assigned_users=not-an-email`),
        'querystring.assigned_users[0]',
      );
      expectBadField(
        await get(t.fixtures.analyst, `${BASE}?search_after=garbage`),
        'querystring.search_after',
      );
      const forged = Buffer.from(JSON.stringify(["2026-01-01'; drop table cases; --", 1])).toString(
        'base64url',
      );
      expectBadField(
        await get(t.fixtures.analyst, `${BASE}?search_after=${forged}`),
        'querystring.search_after',
      );
      const impossible = Buffer.from(JSON.stringify(['2026-02-30T00:00:00.000000Z', 1])).toString(
        'base64url',
      );
      expectBadField(
        await get(t.fixtures.analyst, `${BASE}?search_after=${impossible}`),
        'querystring.search_after',
      );
      expectBadField(await get(t.fixtures.analyst, `${BASE}?query=a%00b`), 'querystring.query');
      expectBadField(await get(t.fixtures.analyst, `${BASE}?tags=ok&tags=a%00b`), 'querystring.tags[1]');
    });

    it('never lists another customer’s cases: not by customer, id, tag or text', async () => {
      const { globex } = t.fixtures;
      for (const query of [
        `customer_ids=${globex.customerId}`,
        `ids=${globexCaseId}`,
        'tags=secret',
        'query=secret',
        `query=%23${globexCaseId}`,
      ]) {
        const response = await get(t.fixtures.acmeUser, `${BASE}?${query}`);
        expect(response.statusCode, query).toBe(200);
        expect(titles(response), query).toEqual([]);
      }
      expect(titles(await get(t.fixtures.analyst, `${BASE}?tags=secret`))).toEqual(['Globex secret case']);
    });

    it('pages with the cursor exactly: every case once, newest update first, ties by id', async () => {
      const expected = (
        await t.database.db
          .select({ id: cases.id })
          .from(cases)
          .where(eq(cases.customerId, t.fixtures.acme.customerId))
          .orderBy(sql`${cases.updatedAt} desc, ${cases.id} desc`)
      ).map((r) => r.id);
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `${BASE}?batch_size=5${cursor ? `&search_after=${cursor}` : ''}`;
        const response = await get(t.fixtures.acmeUser, url);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.cases.length).toBeLessThanOrEqual(5);
        seen.push(...body.cases.map((c: { id: number }) => c.id));
        cursor = body.search_after;
        pages++;
      } while (cursor && pages < 20);
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(expected.length);
      expect(pages).toBe(Math.ceil(expected.length / 5));
      const exact = await get(t.fixtures.acmeUser, `${BASE}?batch_size=${expected.length}`);
      expect(exact.json().search_after).toBeNull();
    });

    it('filters by ids, text, #id, tags, assignee, risk range and status', async () => {
      const user = t.fixtures.analyst;
      expect(titles(await get(user, `${BASE}?ids=${pagedIds[1]}&ids=${pagedIds[2]}`)).sort()).toEqual([
        'Paged case 1',
        'Paged case 2',
      ]);
      expect(titles(await get(user, `${BASE}?query=RANSOMWARE`))).toEqual(['Detail case']);
      expect(titles(await get(user, `${BASE}?query=%23${pagedIds[3]}`))).toEqual(['Paged case 3']);
      expect(titles(await get(user, `${BASE}?query=${pagedIds[3]}`))).toContain('Paged case 3');
      expect(titles(await get(user, `${BASE}?query=100%25`))).toEqual([]);
      expect(titles(await get(user, `${BASE}?tags=odd&batch_size=100`))).toHaveLength(11);
      expect(titles(await get(user, `${BASE}?assigned_users=ANALYST@test.example`))).toEqual([
        'Paged case 7',
      ]);
      expect(titles(await get(user, `${BASE}?assigned_users=me`))).toEqual(['Paged case 7']);
      expect(titles(await get(user, `${BASE}?risk_min=80&risk_max=84`)).sort()).toEqual([
        'Paged case 20',
        'Paged case 21',
      ]);
      expect(
        titles(await get(user, `${BASE}?statuses=closed&customer_ids=${t.fixtures.acme.customerId}`)),
      ).toHaveLength(5);
    });

    it('counts each case’s alerts', async () => {
      const [found] = (await get(t.fixtures.acmeUser, `${BASE}?ids=${detailCaseId}`)).json().cases;
      expect(found).toMatchObject({ id: detailCaseId, alert_count: 12 });
    });
  });

  describe('getCase', () => {
    it('requires sign-in', async () => {
      expect((await get(null, `${BASE}${detailCaseId}`)).statusCode).toBe(401);
    });

    it('rejects a malformed id with 400', async () => {
      expectBadField(await get(t.fixtures.analyst, `${BASE}abc`), 'params.id');
      expectBadField(await get(t.fixtures.analyst, `${BASE}0`), 'params.id');
    });

    it("answers 404 'Case with ID 999999 not found', also for another customer's case", async () => {
      const missing = await get(t.fixtures.analyst, `${BASE}999999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toEqual({ code: 'not_found', message: 'Case with ID 999999 not found' });
      const hidden = await get(t.fixtures.acmeUser, `${BASE}${globexCaseId}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.message).toBe(`Case with ID ${globexCaseId} not found`);
    });

    it('shows the case with its 10 most recent alerts and its alert count', async () => {
      const response = await get(t.fixtures.acmeUser, `${BASE}${detailCaseId}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ id: detailCaseId, title: 'Detail case', alert_count: 12, can_edit: true });
      expect(body.recent_alerts).toHaveLength(10);
      expect(body.recent_alerts.map((a: { title: string }) => a.title)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Detail alert ${11 - i}`),
      );
      expect(body.recent_alerts[0]).toEqual({
        id: expect.any(Number),
        title: 'Detail alert 11',
        status: 'new',
        priority: 'medium',
        '@timestamp': new Date(Date.parse('2026-01-01T00:00:00.000Z') + 11 * 60_000).toISOString(),
        host_name: 'ACME-11',
      });
      expect((await get(viewer, `${BASE}${detailCaseId}`)).json().can_edit).toBe(false);
    });
  });

  describe('createCase', () => {
    it('requires sign-in', async () => {
      expect((await post(null, BASE, acmeCase())).statusCode).toBe(401);
    });

    it('rejects bad input with 400 naming the field', async () => {
      const user = t.fixtures.analyst;
      expectBadField(await post(user, BASE, { customer_id: t.fixtures.acme.customerId }), 'body.title');
      expectBadField(await post(user, BASE, acmeCase({ title: '' })), 'body.title');
      expectBadField(await post(user, BASE, acmeCase({ title: '   ' })), 'body.title');
      expectBadField(await post(user, BASE, acmeCase({ title: 't'.repeat(201) })), 'body.title');
      expectBadField(
        await post(user, BASE, acmeCase({ description: 'd'.repeat(10_001) })),
        'body.description',
      );
      expectBadField(
        await post(user, BASE, acmeCase({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })),
        'body.tags',
      );
      expectBadField(await post(user, BASE, acmeCase({ tags: ['x'.repeat(41)] })), 'body.tags[0]');
      expectBadField(await post(user, BASE, acmeCase({ risk_score_min: 101 })), 'body.risk_score_min');
      expectBadField(
        await post(user, BASE, acmeCase({ risk_score_min: 60, risk_score_max: 40 })),
        'body.risk_score_min',
      );
      expectBadField(await post(user, BASE, acmeCase({ status: 'muted' })), 'body.status');
      expectBadField(
        await post(user, BASE, acmeCase({ assigned_users: ['nobody@test.example'] })),
        'body.assigned_users[0]',
      );
      expectBadField(
        await post(user, BASE, acmeCase({ assigned_users: ['not an email'] })),
        'body.assigned_users[0]',
      );
      expectBadField(await post(user, BASE, acmeCase({ alert_ids: [] })), 'body.alert_ids');
      expectBadField(await post(user, BASE, acmeCase({ owner: 'me' })), 'body.owner');
      // PostgreSQL cannot store the NUL character: 400, not a 500 from deep inside a query.
      expectBadField(await post(user, BASE, acmeCase({ title: 'a\u0000b' })), 'body.title');
      expectBadField(await post(user, BASE, acmeCase({ tags: ['ok', 'a\u0000'] })), 'body.tags[1]');
      expectBadField(
        await post(user, BASE, acmeCase({ fields: { ticket: { id: 'x\u0000' } } })),
        'body.fields.ticket.id',
      );
    });

    it('refuses staff without modify_all with 403', async () => {
      const response = await post(viewer, BASE, acmeCase());
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('You do not have permission to change cases.');
    });

    it('keeps customers apart: customer, alerts and assignees must be the case customer’s', async () => {
      const { acmeUser, globex } = t.fixtures;
      const other = await post(acmeUser, BASE, { customer_id: globex.customerId, title: 'planted' });
      expect(other.statusCode).toBe(404);
      const hiddenAlert = await post(acmeUser, BASE, acmeCase({ alert_ids: [globexAlertId] }));
      expect(hiddenAlert.statusCode).toBe(404);
      expect(hiddenAlert.json().error.message).toBe(`Alert ${globexAlertId} was not found.`);
      expectBadField(
        await post(t.fixtures.analyst, BASE, acmeCase({ alert_ids: [acmeAlerts[0], globexAlertId] })),
        'body.alert_ids[1]',
      );
      expectBadField(
        await post(acmeUser, BASE, acmeCase({ assigned_users: ['user@globex.test'] })),
        'body.assigned_users[0]',
      );
      expectBadField(
        await post(t.fixtures.analyst, BASE, acmeCase({ assigned_users: ['user@globex.test'] })),
        'body.assigned_users[0]',
      );
      const planted = await t.database.db.select().from(cases).where(eq(cases.title, 'planted'));
      expect(planted).toEqual([]);
      const [alert] = await t.database.db.select().from(alerts).where(eq(alerts.id, acmeAlerts[0]!));
      expect(alert!.caseId).toBeNull();
    });

    it('creates a case with its alerts; the case is as risky as its riskiest alert', async () => {
      const response = await post(
        t.fixtures.acmeUser,
        BASE,
        acmeCase({
          title: '  Phishing wave  ',
          description: 'Several users reported mail',
          tags: ['phishing', ' mail '],
          assigned_users: ['USER@acme.test', 'user@acme.test'],
          risk_score_min: 20,
          risk_score_max: 80,
          fields: { ticket: 'INC-1' },
          alert_ids: [acmeAlerts[0], acmeAlerts[1]],
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        title: 'Phishing wave',
        status: 'new',
        tags: ['phishing', 'mail'],
        assigned_users: ['user@acme.test'],
        risk_score: 71,
        risk_score_min: 20,
        risk_score_max: 80,
        fields: { ticket: 'INC-1' },
        alert_count: 2,
        version: 1,
        can_edit: true,
      });
      const activity = await t.database.db
        .select()
        .from(alertActivity)
        .where(eq(alertActivity.alertId, acmeAlerts[0]!));
      expect(activity).toMatchObject([
        { action: 'case_assigned', field: 'case_id', before: null, after: body.id },
      ]);
      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, String(body.id))));
      expect(audited.map((a) => a.action).sort()).toEqual(['assign_alerts', 'create']);
      // Staff may assign staff; a customer user may not assign people they cannot see.
      const staff = await post(
        t.fixtures.analyst,
        BASE,
        acmeCase({ assigned_users: ['analyst@test.example', 'user@acme.test'] }),
      );
      expect(staff.json().assigned_users).toEqual(['analyst@test.example', 'user@acme.test']);
      expectBadField(
        await post(t.fixtures.acmeUser, BASE, acmeCase({ assigned_users: ['analyst@test.example'] })),
        'body.assigned_users[0]',
      );
    });
  });

  describe('updateCase', () => {
    let caseId: number;
    beforeAll(async () => {
      const [row] = await t.database.db
        .insert(cases)
        .values({
          customerId: t.fixtures.acme.customerId,
          title: 'To edit',
          assignedUsers: ['analyst@test.example'],
          riskScoreMin: 10,
          riskScoreMax: 50,
        })
        .returning();
      caseId = row!.id;
    });

    it('requires sign-in', async () => {
      expect((await put(null, `${BASE}${caseId}`, { version: 1, title: 'x' })).statusCode).toBe(401);
    });

    it('rejects bad input with 400', async () => {
      const url = `${BASE}${caseId}`;
      expectBadField(await put(t.fixtures.analyst, url, { title: 'x' }), 'body.version');
      expectBadField(await put(t.fixtures.analyst, url, { version: 1, title: '' }), 'body.title');
      expectBadField(await put(t.fixtures.analyst, url, { version: 1, status: 'bogus' }), 'body.status');
      expectBadField(
        await put(t.fixtures.analyst, url, { version: 1, risk_score_min: 60 }),
        'body.risk_score_min',
      );
      expectBadField(
        await put(t.fixtures.analyst, url, { version: 1, risk_score_max: 5 }),
        'body.risk_score_max',
      );
      expectBadField(
        await put(t.fixtures.analyst, url, { version: 1, customer_id: t.fixtures.globex.customerId }),
        'body.customer_id',
      );
      expectBadField(await put(t.fixtures.analyst, `${BASE}abc`, { version: 1 }), 'params.id');
    });

    it('answers 404 for another customer’s case and changes nothing', async () => {
      const response = await put(t.fixtures.acmeUser, `${BASE}${globexCaseId}`, {
        version: 1,
        title: 'hijacked',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(`Case with ID ${globexCaseId} not found`);
      const [row] = await t.database.db.select().from(cases).where(eq(cases.id, globexCaseId));
      expect(row!.title).toBe('Globex secret case');
    });

    it('refuses staff without modify_all with 403', async () => {
      expect((await put(viewer, `${BASE}${caseId}`, { version: 1, title: 'x' })).statusCode).toBe(403);
    });

    it('updates the case; a customer user keeps staff assignees they cannot see; stale versions get 409', async () => {
      const url = `${BASE}${caseId}`;
      const first = await put(t.fixtures.acmeUser, url, {
        version: 1,
        title: 'Edited',
        status: 'open',
        tags: ['a'],
        assigned_users: ['analyst@test.example', 'user@acme.test'],
        risk_score_max: null,
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        title: 'Edited',
        status: 'open',
        tags: ['a'],
        assigned_users: ['analyst@test.example', 'user@acme.test'],
        risk_score_min: 10,
        risk_score_max: null,
        version: 2,
      });
      const stale = await put(t.fixtures.analyst, url, { version: 1, title: 'Lost update' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('conflict');
      const same = await put(t.fixtures.analyst, url, { version: 2, title: 'Edited' });
      expect(same.json().version).toBe(2);
      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, String(caseId))));
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ action: 'update', actorId: t.fixtures.acmeUser.contactId });
    });
  });

  describe('aggregateCases', () => {
    it('requires sign-in', async () => {
      expect((await get(null, `${BASE}aggregate/status/tags`)).statusCode).toBe(401);
    });

    it('rejects fields outside the list with 400', async () => {
      expectBadField(await get(t.fixtures.analyst, `${BASE}aggregate/title/status`), 'params.a');
      expectBadField(await get(t.fixtures.analyst, `${BASE}aggregate/status/risk_score`), 'params.b');
      expectBadField(
        await get(t.fixtures.analyst, `${BASE}aggregate/status/tags?risk_min=9&risk_max=1`),
        'querystring.risk_min',
      );
    });

    it('never counts another customer’s cases', async () => {
      const response = await get(
        t.fixtures.acmeUser,
        `${BASE}aggregate/customer_id/tags?customer_ids=${t.fixtures.globex.customerId}`,
      );
      expect(response.json().buckets).toEqual([]);
      const own = (await get(t.fixtures.acmeUser, `${BASE}aggregate/customer_id/tags`)).json().buckets;
      expect(own.every((b: { a: string }) => b.a === t.fixtures.acme.customerId)).toBe(true);
      expect(own.some((b: { b: string }) => b.b === 'secret')).toBe(false);
    });

    it('counts cases per pair of values, one per tag, largest first', async () => {
      const filtered = (
        await get(t.fixtures.analyst, `${BASE}aggregate/status/tags?tags=even&tags=odd`)
      ).json().buckets;
      expect(filtered).toEqual([
        { a: 'open', b: 'even', count: 9 },
        { a: 'open', b: 'odd', count: 9 },
        { a: 'closed', b: 'even', count: 3 },
        { a: 'closed', b: 'odd', count: 2 },
      ]);
      const byCustomer = (
        await get(
          t.fixtures.analyst,
          `${BASE}aggregate/customer_id/customer_id?customer_ids=${t.fixtures.globex.customerId}`,
        )
      ).json();
      expect(byCustomer.buckets).toEqual([
        { a: t.fixtures.globex.customerId, b: t.fixtures.globex.customerId, count: 1 },
      ]);
      const assignees = (
        await get(t.fixtures.analyst, `${BASE}aggregate/assigned_users/status?query=Paged`)
      ).json().buckets;
      expect(assignees).toEqual([
        { a: null, b: 'open', count: 17 },
        { a: null, b: 'closed', count: 5 },
        { a: 'analyst@test.example', b: 'open', count: 1 },
      ]);
    });
  });
});
