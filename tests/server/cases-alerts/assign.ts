import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertActivity, alerts, auditLog, cases } from '../../../src/server/db/schema/index.ts';
import { BASE, type CaseAlertsContext } from './helpers.ts';

/** assignCaseAlerts: registered on the shared app of the enclosing backend. */
export function assignCaseAlertsSuite(ctx: CaseAlertsContext) {
  const { post, expectBadField, caseIdOf } = ctx;
  describe('assignCaseAlerts', () => {
    const url = () => `${BASE}${ctx.acmeCase}/alerts`;

    it('requires sign-in', async () => {
      expect((await post(null, url(), { alert_ids: [ctx.free[0]] })).statusCode).toBe(401);
    });

    it('rejects bad input with 400', async () => {
      expectBadField(await post(ctx.t.fixtures.analyst, url(), {}), 'body.alert_ids');
      expectBadField(await post(ctx.t.fixtures.analyst, url(), { alert_ids: [] }), 'body.alert_ids');
      expectBadField(await post(ctx.t.fixtures.analyst, url(), { alert_ids: ['one'] }), 'body.alert_ids[0]');
      expectBadField(
        await post(ctx.t.fixtures.analyst, url(), { alert_ids: [ctx.free[0], ctx.free[0]] }),
        'body.alert_ids',
      );
      expectBadField(await post(ctx.t.fixtures.analyst, `${BASE}x/alerts`, { alert_ids: [1] }), 'params.id');
    });

    it('refuses staff without modify_all with 403', async () => {
      expect((await post(ctx.viewer, url(), { alert_ids: [ctx.free[0]] })).statusCode).toBe(403);
    });

    it('keeps customers apart: 404 for a hidden case or alert, 400 for another customer’s alert', async () => {
      const hiddenCase = await post(ctx.t.fixtures.acmeUser, `${BASE}${ctx.globexCase}/alerts`, {
        alert_ids: [ctx.free[0]],
      });
      expect(hiddenCase.statusCode).toBe(404);
      expect(hiddenCase.json().error.message).toBe(`Case with ID ${ctx.globexCase} not found`);
      const hiddenAlert = await post(ctx.t.fixtures.acmeUser, url(), {
        alert_ids: [ctx.free[0], ctx.globexAlert],
      });
      expect(hiddenAlert.statusCode).toBe(404);
      expect(hiddenAlert.json().error.message).toBe(`Alert ${ctx.globexAlert} was not found.`);
      expectBadField(
        await post(ctx.t.fixtures.analyst, url(), { alert_ids: [ctx.free[0], ctx.globexAlert] }),
        'body.alert_ids[1]',
      );
      expect(await caseIdOf(ctx.free[0]!)).toBeNull();
      expect(await caseIdOf(ctx.globexAlert)).toBe(ctx.globexCase);
    });

    it('adds alerts, moves one from another case, records activity and keeps both cases’ risk right', async () => {
      const response = await post(ctx.t.fixtures.acmeUser, url(), {
        alert_ids: [ctx.free[0], ctx.free[1], ctx.inOther],
      });
      expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
      expect(response.json()).toMatchObject({ id: ctx.acmeCase, alert_count: 3, risk_score: 90, version: 1 });
      expect(
        response
          .json()
          .recent_alerts.map((a: { id: number }) => a.id)
          .sort(),
      ).toEqual([ctx.free[0], ctx.free[1], ctx.inOther].sort());
      const activity = await ctx.t.database.db
        .select()
        .from(alertActivity)
        .where(inArray(alertActivity.alertId, [ctx.free[0]!, ctx.inOther]));
      expect(activity.map((a) => [a.alertId, a.action, a.before, a.after]).sort()).toEqual(
        [
          [ctx.free[0], 'case_assigned', null, ctx.acmeCase],
          [ctx.inOther, 'case_assigned', ctx.otherAcmeCase, ctx.acmeCase],
        ].sort(),
      );
      const [other] = await ctx.t.database.db.select().from(cases).where(eq(cases.id, ctx.otherAcmeCase));
      expect(other!.riskScore).toBe(0);
      const [alert] = await ctx.t.database.db.select().from(alerts).where(eq(alerts.id, ctx.free[0]!));
      expect(alert!.version).toBe(2);
      // Already in the case: nothing changes, nothing is recorded.
      const again = await post(ctx.t.fixtures.acmeUser, url(), { alert_ids: [ctx.free[0]] });
      expect(again.statusCode).toBe(200);
      const repeated = await ctx.t.database.db
        .select()
        .from(alertActivity)
        .where(eq(alertActivity.alertId, ctx.free[0]!));
      expect(repeated).toHaveLength(1);
      const audited = await ctx.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, String(ctx.acmeCase))));
      expect(audited.map((a) => a.action)).toEqual(['assign_alerts']);
    });
  });
}
