import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActivity, alerts, auditLog, mutes } from '../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import { runDueJobs } from '../../src/server/jobs/runner.ts';
import { findMatchingMute } from '../../src/server/mutes/match.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { backends } from '../helpers/database.ts';

const BASE = '/api/alerts/v1/mutes/';
const MISSING = '00000000-0000-4000-8000-000000000000';
const hostIs = (value: string) => [{ field: 'host_name', operator: 'equals', value }];

describe.each(backends())('mutes API on %s', (backend) => {
  let t: TestApp;
  let viewer: { contactId: string };
  let acmeAlertId: number;
  let closedAlertId: number;
  let globexAlertId: number;
  const mute: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex } = t.fixtures;
    const db = t.database.db;
    viewer = t.fixtures.viewer;
    const inserted = await db
      .insert(alerts)
      .values([
        {
          customerId: acme.customerId,
          title: 'Acme noisy scanner',
          type: 'ids',
          hostName: 'ACME-SCAN-01',
          status: 'open',
        },
        {
          customerId: acme.customerId,
          title: 'Acme closed thing',
          type: 'ids',
          hostName: 'ACME-SCAN-02',
          status: 'closed',
        },
        { customerId: globex.customerId, title: 'Globex secret', type: 'edr', hostName: 'GLOBEX-01' },
      ])
      .returning({ id: alerts.id });
    [acmeAlertId, closedAlertId, globexAlertId] = inserted.map((r) => r.id) as [number, number, number];
    const hour = 3_600_000;
    const now = Date.now();
    const rows = await db
      .insert(mutes)
      .values([
        {
          customerId: acme.customerId,
          conditions: hostIs('ACME-A'),
          description: 'acme active',
          expiresAt: new Date(now + hour),
        },
        {
          customerId: acme.customerId,
          conditions: hostIs('ACME-I'),
          description: 'acme inactive',
          state: 'inactive',
          expiresAt: new Date(now + hour),
        },
        {
          customerId: acme.customerId,
          conditions: hostIs('ACME-E'),
          description: 'acme expired',
          state: 'expired',
          expiresAt: new Date(now - hour),
        },
        {
          customerId: acme.customerId,
          conditions: hostIs('ACME-P'),
          description: 'acme past due',
          expiresAt: new Date(now - 1000),
        },
        {
          customerId: globex.customerId,
          conditions: hostIs('GLOBEX-01'),
          description: 'globex secret mute',
          expiresAt: new Date(now + hour),
        },
      ])
      .returning();
    for (const row of rows) mute[row.description] = row.id;
  });
  afterAll(() => t.close());

  const get = (user: { contactId: string } | null, url: string) => t.as(user, { url });
  const post = (user: { contactId: string } | null, url: string, payload?: object) =>
    t.as(user, { method: 'POST', url, payload });
  const put = (user: { contactId: string } | null, url: string, payload: object) =>
    t.as(user, { method: 'PUT', url, payload });
  const create = (payload: object, user: { contactId: string } = t.fixtures.analyst) =>
    post(user, BASE, payload);
  const acmeMute = (extra: object = {}) => ({
    customer_id: t.fixtures.acme.customerId,
    conditions: hostIs('ACME-NEW'),
    ...extra,
  });
  const expectBadField = (response: LightMyRequestResponse, field: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  };

  describe('listMutes', () => {
    it('requires sign-in', async () => {
      expect((await get(null, BASE)).statusCode).toBe(401);
    });

    it('rejects an unknown state with 400', async () => {
      expectBadField(await get(t.fixtures.analyst, `${BASE}?state=sleeping`), 'querystring.state');
      expectBadField(
        await get(t.fixtures.analyst, `${BASE}?customer_ids=nope`),
        'querystring.customer_ids[0]',
      );
    });

    it('never lists another customer’s mutes, even when asked for by customer', async () => {
      for (const query of ['', `?customer_ids=${t.fixtures.globex.customerId}`]) {
        const response = await get(t.fixtures.acmeUser, `${BASE}${query}`);
        expect(response.statusCode).toBe(200);
        const descriptions = response.json().mutes.map((m: { description: string }) => m.description);
        expect(descriptions).not.toContain('globex secret mute');
      }
    });

    it('filters by state; an active mute past its expiry already shows as expired', async () => {
      const byState = async (state: string) =>
        (await get(t.fixtures.acmeUser, `${BASE}?state=${state}`))
          .json()
          .mutes.map((m: { description: string }) => m.description);
      expect(await byState('active')).toContain('acme active');
      expect(await byState('active')).not.toContain('acme past due');
      expect(await byState('inactive')).toEqual(['acme inactive']);
      expect((await byState('expired')).sort()).toEqual(['acme expired', 'acme past due']);
      const all = (await get(t.fixtures.analyst, BASE)).json().mutes;
      const pastDue = all.find((m: { description: string }) => m.description === 'acme past due');
      expect(pastDue).toMatchObject({ state: 'expired', ttl_seconds: null });
      expect(all.find((m: { description: string }) => m.description === 'globex secret mute')).toBeTruthy();
    });
  });

  describe('getMute', () => {
    it('requires sign-in', async () => {
      expect((await get(null, `${BASE}${mute['acme active']}`)).statusCode).toBe(401);
    });

    it('rejects a malformed id with 400', async () => {
      expectBadField(await get(t.fixtures.analyst, `${BASE}not-a-uuid`), 'params.mute_id');
    });

    it('answers 404 for another customer’s mute and for an unknown id', async () => {
      for (const id of [mute['globex secret mute'], MISSING]) {
        const response = await get(t.fixtures.acmeUser, `${BASE}${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toMatchObject({
          code: 'not_found',
          message: `Mute ${id} was not found.`,
        });
      }
    });

    it('returns the mute with its remaining time to live', async () => {
      const response = await get(t.fixtures.acmeUser, `${BASE}${mute['acme active']}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        id: mute['acme active'],
        state: 'active',
        conditions: hostIs('ACME-A'),
        version: 1,
      });
      expect(body.ttl_seconds).toBeGreaterThan(3500);
      expect(body.ttl_seconds).toBeLessThanOrEqual(3600);
    });
  });

  describe('createMute', () => {
    it('requires sign-in', async () => {
      expect((await post(null, BASE, acmeMute())).statusCode).toBe(401);
    });

    it('rejects bad input with 400 naming the field', async () => {
      expectBadField(await create({ customer_id: t.fixtures.acme.customerId }), 'body.conditions');
      expectBadField(await create(acmeMute({ conditions: [] })), 'body.conditions');
      const many = Array.from({ length: 21 }, (_, i) => ({
        field: 'title',
        operator: 'contains',
        value: `x${i}`,
      }));
      expectBadField(await create(acmeMute({ conditions: many })), 'body.conditions');
      expectBadField(
        await create(acmeMute({ conditions: [{ field: 'status', operator: 'equals', value: 'new' }] })),
        'body.conditions[0].field',
      );
      expectBadField(
        await create(acmeMute({ conditions: [{ field: 'title', operator: 'like', value: 'x' }] })),
        'body.conditions[0].operator',
      );
      expectBadField(
        await create(
          acmeMute({ conditions: [{ field: 'title', operator: 'equals', value: 'x'.repeat(501) }] }),
        ),
        'body.conditions[0].value',
      );
      expectBadField(
        await create(
          acmeMute({ conditions: [{ field: 'title', operator: 'equals', value: 'x', extra: 1 }] }),
        ),
        'body.conditions[0].extra',
      );
      const unsafe = await create(
        acmeMute({ conditions: [...hostIs('A'), { field: 'title', operator: 'regex', value: '(a+)+$' }] }),
      );
      expectBadField(unsafe, 'body.conditions[1].value');
      expect(unsafe.json().error.details[0].reason).toMatch(/repeat a group/);
      expectBadField(
        await create(acmeMute({ conditions: [{ field: 'title', operator: 'regex', value: '([' }] })),
        'body.conditions[0].value',
      );
      expectBadField(await create(acmeMute({ description: 'd'.repeat(2001) })), 'body.description');
      expectBadField(await create(acmeMute({ ttl_seconds: 59 })), 'body.ttl_seconds');
      expectBadField(await create(acmeMute({ ttl_seconds: 31_536_001 })), 'body.ttl_seconds');
      expectBadField(
        await create(
          acmeMute({ ttl_seconds: 600, expires_at: new Date(Date.now() + 3_600_000).toISOString() }),
        ),
        'body.ttl_seconds',
      );
      expectBadField(
        await create(acmeMute({ expires_at: new Date(Date.now() - 1000).toISOString() })),
        'body.expires_at',
      );
      expectBadField(
        await create(acmeMute({ expires_at: new Date(Date.now() + 400 * 86_400_000).toISOString() })),
        'body.expires_at',
      );
      expectBadField(await create(acmeMute({ expires_at: 'tomorrow' })), 'body.expires_at');
      expectBadField(await create(acmeMute({ customer_id: 'acme' })), 'body.customer_id');
      expectBadField(await create(acmeMute({ source_alert_id: 0 })), 'body.source_alert_id');
      expectBadField(
        await create(acmeMute({ conditions: [{ field: 'title', operator: 'equals', value: 'a\u0000' }] })),
        'body.conditions[0].value',
      );
      expectBadField(await create(acmeMute({ description: 'x\u0000' })), 'body.description');
    });

    it('refuses staff without modify_all with 403', async () => {
      const response = await create(acmeMute(), viewer);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('You do not have permission to change mutes.');
    });

    it('keeps customers apart: no mute for another customer, no muting another customer’s alert', async () => {
      const other = await create(
        { customer_id: t.fixtures.globex.customerId, conditions: hostIs('X') },
        t.fixtures.acmeUser,
      );
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(
        `A customer with the ID ${t.fixtures.globex.customerId} was not found.`,
      );
      const hidden = await create(acmeMute({ source_alert_id: globexAlertId }), t.fixtures.acmeUser);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.message).toBe(`Alert ${globexAlertId} was not found.`);
      const mismatch = await create(acmeMute({ source_alert_id: globexAlertId }));
      expectBadField(mismatch, 'body.source_alert_id');
      const [globexAlert] = await t.database.db.select().from(alerts).where(eq(alerts.id, globexAlertId));
      expect(globexAlert!.status).toBe('new');
    });

    it('creates an active mute that expires in one day by default, and audits it', async () => {
      const before = Date.now();
      const response = await create(acmeMute({ description: 'maintenance window' }), t.fixtures.acmeUser);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        state: 'active',
        description: 'maintenance window',
        created_by: 'user@acme.test',
        version: 1,
        source_alert_id: null,
      });
      const expires = Date.parse(body.expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);
      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'mute'), eq(auditLog.entityId, body.id)));
      expect(audited.map((a) => a.action)).toEqual(['create']);
      const found = await findMatchingMute(t.database.db, {
        customerId: t.fixtures.acme.customerId,
        title: 'x',
        type: 'y',
        priority: 'low',
        hostName: 'acme-new',
        externalSource: null,
        fields: {},
      });
      expect(found).not.toBeNull();
    });

    it('takes a time to live or an expiry time', async () => {
      const ttl = (await create(acmeMute({ ttl_seconds: 120 }))).json();
      expect(ttl.ttl_seconds).toBeGreaterThan(100);
      expect(ttl.ttl_seconds).toBeLessThanOrEqual(120);
      const at = new Date(Date.now() + 7 * 86_400_000);
      const fixed = (await create(acmeMute({ expires_at: at.toISOString() }))).json();
      expect(Date.parse(fixed.expires_at)).toBe(at.getTime());
    });

    it('made from an alert, mutes that alert too and records it in the activity', async () => {
      const response = await create(
        acmeMute({ conditions: hostIs('ACME-SCAN-01'), source_alert_id: acmeAlertId }),
        t.fixtures.acmeUser,
      );
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created.source_alert_id).toBe(acmeAlertId);
      const [muted] = await t.database.db.select().from(alerts).where(eq(alerts.id, acmeAlertId));
      expect(muted).toMatchObject({ status: 'muted', version: 2 });
      const activity = await t.database.db
        .select()
        .from(alertActivity)
        .where(eq(alertActivity.alertId, acmeAlertId));
      expect(activity).toHaveLength(1);
      expect(activity[0]).toMatchObject({
        action: 'muted',
        actorId: t.fixtures.acmeUser.contactId,
        before: { status: 'open' },
        after: { status: 'muted', mute_id: created.id },
      });
    });

    it('made from a resolved alert, leaves its resolution alone', async () => {
      const response = await create(
        acmeMute({ conditions: hostIs('ACME-SCAN-02'), source_alert_id: closedAlertId }),
      );
      expect(response.statusCode).toBe(201);
      const [alert] = await t.database.db.select().from(alerts).where(eq(alerts.id, closedAlertId));
      expect(alert!.status).toBe('closed');
    });
  });

  describe('updateMute', () => {
    it('requires sign-in', async () => {
      expect(
        (await put(null, `${BASE}${mute['acme active']}`, { version: 1, description: 'x' })).statusCode,
      ).toBe(401);
    });

    it('rejects bad input with 400', async () => {
      const url = `${BASE}${mute['acme active']}`;
      expectBadField(await put(t.fixtures.analyst, url, { description: 'x' }), 'body.version');
      expectBadField(await put(t.fixtures.analyst, url, { version: 1 }), 'body');
      expectBadField(await put(t.fixtures.analyst, url, { version: 1, conditions: [] }), 'body.conditions');
      expectBadField(await put(t.fixtures.analyst, url, { version: 1, ttl_seconds: 5 }), 'body.ttl_seconds');
      expectBadField(await put(t.fixtures.analyst, url, { version: 1, state: 'active' }), 'body.state');
      expectBadField(
        await put(t.fixtures.analyst, `${BASE}nope`, { version: 1, description: 'x' }),
        'params.mute_id',
      );
    });

    it('answers 404 for another customer’s mute and changes nothing', async () => {
      const id = mute['globex secret mute']!;
      const response = await put(t.fixtures.acmeUser, `${BASE}${id}`, {
        version: 1,
        description: 'hijacked',
      });
      expect(response.statusCode).toBe(404);
      const [row] = await t.database.db.select().from(mutes).where(eq(mutes.id, id));
      expect(row!.description).toBe('globex secret mute');
    });

    it('answers 409 to a stale version', async () => {
      const created = (await create(acmeMute())).json();
      const url = `${BASE}${created.id}`;
      expect((await put(t.fixtures.analyst, url, { version: 1, description: 'first' })).statusCode).toBe(200);
      const stale = await put(t.fixtures.acmeUser, url, { version: 1, description: 'second' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('conflict');
      expect((await get(t.fixtures.analyst, url)).json()).toMatchObject({ description: 'first', version: 2 });
    });

    it('changes conditions and description without touching the state', async () => {
      const id = mute['acme inactive']!;
      const response = await put(t.fixtures.acmeUser, `${BASE}${id}`, {
        version: 1,
        conditions: hostIs('ACME-I2'),
        description: 'edited',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        state: 'inactive',
        description: 'edited',
        conditions: hostIs('ACME-I2'),
        version: 2,
      });
    });

    it('re-activates an expired mute given a new expiry', async () => {
      const id = mute['acme expired']!;
      const response = await put(t.fixtures.acmeUser, `${BASE}${id}`, { version: 1, ttl_seconds: 3600 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: 'active', version: 2 });
      expect(Date.parse(response.json().expires_at)).toBeGreaterThan(Date.now() + 3_500_000);
    });
  });

  describe('unmuteMute', () => {
    it('requires sign-in', async () => {
      expect((await post(null, `${BASE}${mute['acme active']}/unmute`)).statusCode).toBe(401);
    });

    it('rejects a malformed id or body with 400', async () => {
      expectBadField(await post(t.fixtures.analyst, `${BASE}x/unmute`), 'params.mute_id');
      expectBadField(
        await post(t.fixtures.analyst, `${BASE}${mute['acme active']}/unmute`, { version: 'one' }),
        'body.version',
      );
    });

    it('answers 404 for another customer’s mute, which stays active', async () => {
      const id = mute['globex secret mute']!;
      expect((await post(t.fixtures.acmeUser, `${BASE}${id}/unmute`)).statusCode).toBe(404);
      expect((await get(t.fixtures.analyst, `${BASE}${id}`)).json().state).toBe('active');
    });

    it('refuses staff without modify_all with 403', async () => {
      expect((await post(viewer, `${BASE}${mute['acme active']}/unmute`)).statusCode).toBe(403);
    });

    it('stops the mute: state inactive, new alerts no longer match; again changes nothing', async () => {
      const created = (await create(acmeMute({ conditions: hostIs('ACME-U') }))).json();
      const url = `${BASE}${created.id}/unmute`;
      expect((await post(t.fixtures.acmeUser, url, { version: 7 })).statusCode).toBe(409);
      const response = await post(t.fixtures.acmeUser, url, { version: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: 'inactive', version: 2, ttl_seconds: null });
      const again = await post(t.fixtures.acmeUser, url);
      expect(again.json()).toMatchObject({ state: 'inactive', version: 2 });
      const match = await findMatchingMute(t.database.db, {
        customerId: t.fixtures.acme.customerId,
        title: 't',
        type: 't',
        priority: 'low',
        hostName: 'ACME-U',
        externalSource: null,
        fields: {},
      });
      expect(match).toBeNull();
      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'mute'), eq(auditLog.entityId, created.id)));
      expect(audited.map((a) => a.action).sort()).toEqual(['create', 'unmute']);
    });
  });
  describe('mutes and new alerts (createAlert)', () => {
    it('an alert raised while a mute matches is muted; after the expiry job, the next one is not', async () => {
      const created = (await create(acmeMute({ conditions: hostIs('ACME-LIVE'), ttl_seconds: 600 }))).json();
      const raise = () =>
        post(t.fixtures.analyst, '/api/alerts/v1/alerts/', {
          customer_id: t.fixtures.acme.customerId,
          title: 'Port scan',
          type: 'ids',
          host_name: 'acme-live',
        });
      const muted = await raise();
      expect(muted.statusCode, muted.body).toBe(201);
      expect(muted.json().status).toBe('muted');
      await t.database.db
        .update(mutes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(mutes.id, created.id));
      await enqueueJob(t.database.db, 'expire-mutes');
      const lines: string[] = [];
      const log = {
        info: (m: string) => lines.push(m),
        warn: (m: string) => lines.push(m),
        error: (m: string) => lines.push(m),
      };
      await runDueJobs(t.database.db, { workerId: 'test', pollMs: 10, log });
      expect(lines.some((l) => /^expire-mutes: \d+ mutes? expired$/.test(l))).toBe(true);
      expect((await get(t.fixtures.analyst, `${BASE}${created.id}`)).json()).toMatchObject({
        state: 'expired',
        version: 2,
      });
      const after = await raise();
      expect(after.statusCode).toBe(201);
      expect(after.json().status).toBe('new');
    });
  });
});
