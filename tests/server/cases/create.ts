import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertActivity, alerts, auditLog, cases } from '../../../src/server/db/schema/index.ts';
import { BASE, type CasesContext } from './helpers.ts';

/** createCase: registered on the shared app of the enclosing backend. */
export function createCaseSuite(ctx: CasesContext) {
  const { post, acmeCase, expectBadField } = ctx;
  describe('createCase', () => {
    it('requires sign-in', async () => {
      expect((await post(null, BASE, acmeCase())).statusCode).toBe(401);
    });

    it('rejects bad input with 400 naming the field', async () => {
      const user = ctx.t.fixtures.analyst;
      expectBadField(await post(user, BASE, { customer_id: ctx.t.fixtures.acme.customerId }), 'body.title');
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
      const response = await post(ctx.viewer, BASE, acmeCase());
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('You do not have permission to change cases.');
    });

    it('keeps customers apart: customer, alerts and assignees must be the case customer’s', async () => {
      const { acmeUser, globex } = ctx.t.fixtures;
      const other = await post(acmeUser, BASE, { customer_id: globex.customerId, title: 'planted' });
      expect(other.statusCode).toBe(404);
      const hiddenAlert = await post(acmeUser, BASE, acmeCase({ alert_ids: [ctx.globexAlertId] }));
      expect(hiddenAlert.statusCode).toBe(404);
      expect(hiddenAlert.json().error.message).toBe(`Alert ${ctx.globexAlertId} was not found.`);
      expectBadField(
        await post(
          ctx.t.fixtures.analyst,
          BASE,
          acmeCase({ alert_ids: [ctx.acmeAlerts[0], ctx.globexAlertId] }),
        ),
        'body.alert_ids[1]',
      );
      expectBadField(
        await post(acmeUser, BASE, acmeCase({ assigned_users: ['user@globex.test'] })),
        'body.assigned_users[0]',
      );
      expectBadField(
        await post(ctx.t.fixtures.analyst, BASE, acmeCase({ assigned_users: ['user@globex.test'] })),
        'body.assigned_users[0]',
      );
      const planted = await ctx.t.database.db.select().from(cases).where(eq(cases.title, 'planted'));
      expect(planted).toEqual([]);
      const [alert] = await ctx.t.database.db.select().from(alerts).where(eq(alerts.id, ctx.acmeAlerts[0]!));
      expect(alert!.caseId).toBeNull();
    });

    it('creates a case with its alerts; the case is as risky as its riskiest alert', async () => {
      const response = await post(
        ctx.t.fixtures.acmeUser,
        BASE,
        acmeCase({
          title: '  Phishing wave  ',
          description: 'Several users reported mail',
          tags: ['phishing', ' mail '],
          assigned_users: ['USER@acme.test', 'user@acme.test'],
          risk_score_min: 20,
          risk_score_max: 80,
          fields: { ticket: 'INC-1' },
          alert_ids: [ctx.acmeAlerts[0], ctx.acmeAlerts[1]],
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
      const activity = await ctx.t.database.db
        .select()
        .from(alertActivity)
        .where(eq(alertActivity.alertId, ctx.acmeAlerts[0]!));
      expect(activity).toMatchObject([
        { action: 'case_assigned', field: 'case_id', before: null, after: body.id },
      ]);
      const audited = await ctx.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, String(body.id))));
      expect(audited.map((a) => a.action).sort()).toEqual(['assign_alerts', 'create']);
      // Staff may assign staff; a customer user may not assign people they cannot see.
      const staff = await post(
        ctx.t.fixtures.analyst,
        BASE,
        acmeCase({ assigned_users: ['analyst@test.example', 'user@acme.test'] }),
      );
      expect(staff.json().assigned_users).toEqual(['analyst@test.example', 'user@acme.test']);
      expectBadField(
        await post(ctx.t.fixtures.acmeUser, BASE, acmeCase({ assigned_users: ['analyst@test.example'] })),
        'body.assigned_users[0]',
      );
    });
  });
}
