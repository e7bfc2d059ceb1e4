import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findMatchingMute } from '../../../src/server/areas/mutes/index.ts';
import { alertActivity, alerts, auditLog } from '../../../src/server/db/schema/index.ts';
import { BASE, hostIs, type MutesContext } from './helpers.ts';

/** createMute: registered on the shared app of the enclosing backend. */
export function createMuteSuite(ctx: MutesContext) {
  const { post, create, acmeMute, expectBadField } = ctx;
  describe('createMute', () => {
    it('requires sign-in', async () => {
      expect((await post(null, BASE, acmeMute())).statusCode).toBe(401);
    });

    it('rejects bad input with 400 naming the field', async () => {
      expectBadField(await create({ customer_id: ctx.t.fixtures.acme.customerId }), 'body.conditions');
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
      const unsupported = await create(
        acmeMute({ conditions: [...hostIs('A'), { field: 'title', operator: 'regex', value: '(a)\\1' }] }),
      );
      expectBadField(unsupported, 'body.conditions[1].value');
      expect(unsupported.json().error.details[0].reason).toMatch(/backreferences/);
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
      const response = await create(acmeMute(), ctx.viewer);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('You do not have permission to change mutes.');
    });

    it('keeps customers apart: no mute for another customer, no muting another customer’s alert', async () => {
      const other = await create(
        { customer_id: ctx.t.fixtures.globex.customerId, conditions: hostIs('X') },
        ctx.t.fixtures.acmeUser,
      );
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(
        `A customer with the ID ${ctx.t.fixtures.globex.customerId} was not found.`,
      );
      const hidden = await create(acmeMute({ source_alert_id: ctx.globexAlertId }), ctx.t.fixtures.acmeUser);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.message).toBe(`Alert ${ctx.globexAlertId} was not found.`);
      const mismatch = await create(acmeMute({ source_alert_id: ctx.globexAlertId }));
      expectBadField(mismatch, 'body.source_alert_id');
      const [globexAlert] = await ctx.t.database.db
        .select()
        .from(alerts)
        .where(eq(alerts.id, ctx.globexAlertId));
      expect(globexAlert!.status).toBe('new');
    });

    it('creates an active mute that expires in one day by default, and audits it', async () => {
      const before = Date.now();
      const response = await create(acmeMute({ description: 'maintenance window' }), ctx.t.fixtures.acmeUser);
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
      const audited = await ctx.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'mute'), eq(auditLog.entityId, body.id)));
      expect(audited.map((a) => a.action)).toEqual(['create']);
      const found = await findMatchingMute(ctx.t.database.db, {
        customerId: ctx.t.fixtures.acme.customerId,
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
        acmeMute({ conditions: hostIs('ACME-SCAN-01'), source_alert_id: ctx.acmeAlertId }),
        ctx.t.fixtures.acmeUser,
      );
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created.source_alert_id).toBe(ctx.acmeAlertId);
      const [muted] = await ctx.t.database.db.select().from(alerts).where(eq(alerts.id, ctx.acmeAlertId));
      expect(muted).toMatchObject({ status: 'muted', version: 2 });
      const activity = await ctx.t.database.db
        .select()
        .from(alertActivity)
        .where(eq(alertActivity.alertId, ctx.acmeAlertId));
      expect(activity).toHaveLength(1);
      expect(activity[0]).toMatchObject({
        action: 'muted',
        actorId: ctx.t.fixtures.acmeUser.contactId,
        before: { status: 'open' },
        after: { status: 'muted', mute_id: created.id },
      });
    });

    it('made from a resolved alert, leaves its resolution alone', async () => {
      const response = await create(
        acmeMute({ conditions: hostIs('ACME-SCAN-02'), source_alert_id: ctx.closedAlertId }),
      );
      expect(response.statusCode).toBe(201);
      const [alert] = await ctx.t.database.db.select().from(alerts).where(eq(alerts.id, ctx.closedAlertId));
      expect(alert!.status).toBe('closed');
    });
  });
}
