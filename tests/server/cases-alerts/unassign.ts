import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertActivity } from '../../../src/server/db/schema/index.ts';
import { BASE, type CaseAlertsContext } from './helpers.ts';

/** unassignCaseAlert: registered on the shared app of the enclosing backend. */
export function unassignCaseAlertSuite(ctx: CaseAlertsContext) {
  const { del, expectBadField, caseIdOf } = ctx;
  describe('unassignCaseAlert', () => {
    it('requires sign-in', async () => {
      expect((await del(null, `${BASE}${ctx.acmeCase}/alerts/${ctx.free[0]}`)).statusCode).toBe(401);
    });

    it('rejects malformed ids with 400', async () => {
      expectBadField(
        await del(ctx.t.fixtures.analyst, `${BASE}${ctx.acmeCase}/alerts/abc`),
        'params.alert_id',
      );
      expectBadField(await del(ctx.t.fixtures.analyst, `${BASE}0/alerts/1`), 'params.id');
    });

    it('refuses staff without modify_all with 403', async () => {
      expect((await del(ctx.viewer, `${BASE}${ctx.acmeCase}/alerts/${ctx.free[0]}`)).statusCode).toBe(403);
    });

    it('keeps customers apart and answers 404 for an alert not in the case', async () => {
      const hiddenCase = await del(
        ctx.t.fixtures.acmeUser,
        `${BASE}${ctx.globexCase}/alerts/${ctx.globexAlert}`,
      );
      expect(hiddenCase.statusCode).toBe(404);
      const hiddenAlert = await del(
        ctx.t.fixtures.acmeUser,
        `${BASE}${ctx.acmeCase}/alerts/${ctx.globexAlert}`,
      );
      expect(hiddenAlert.statusCode).toBe(404);
      const notInCase = await del(ctx.t.fixtures.analyst, `${BASE}${ctx.acmeCase}/alerts/${ctx.free[2]}`);
      expect(notInCase.statusCode).toBe(404);
      expect(notInCase.json().error.message).toBe(
        `Alert ${ctx.free[2]} was not found in case ${ctx.acmeCase}.`,
      );
      expect(await caseIdOf(ctx.globexAlert)).toBe(ctx.globexCase);
    });

    it('takes the alert out, records activity and lowers the case risk', async () => {
      const response = await del(ctx.t.fixtures.acmeUser, `${BASE}${ctx.acmeCase}/alerts/${ctx.inOther}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ alert_count: 2, risk_score: 20 });
      expect(await caseIdOf(ctx.inOther)).toBeNull();
      const activity = await ctx.t.database.db
        .select()
        .from(alertActivity)
        .where(and(eq(alertActivity.alertId, ctx.inOther), eq(alertActivity.action, 'case_unassigned')));
      expect(activity).toMatchObject([
        { field: 'case_id', before: ctx.acmeCase, after: null, actorId: ctx.t.fixtures.acmeUser.contactId },
      ]);
      expect(
        (await del(ctx.t.fixtures.acmeUser, `${BASE}${ctx.acmeCase}/alerts/${ctx.inOther}`)).statusCode,
      ).toBe(404);
    });
  });
}
