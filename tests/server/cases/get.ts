import { describe, expect, it } from 'vitest';
import { BASE, type CasesContext } from './helpers.ts';

/** getCase: registered on the shared app of the enclosing backend. */
export function getCaseSuite(ctx: CasesContext) {
  const { get, expectBadField } = ctx;
  describe('getCase', () => {
    it('requires sign-in', async () => {
      expect((await get(null, `${BASE}${ctx.detailCaseId}`)).statusCode).toBe(401);
    });

    it('rejects a malformed id with 400', async () => {
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}abc`), 'params.id');
      expectBadField(await get(ctx.t.fixtures.analyst, `${BASE}0`), 'params.id');
    });

    it("answers 404 'Case with ID 999999 not found', also for another customer's case", async () => {
      const missing = await get(ctx.t.fixtures.analyst, `${BASE}999999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toEqual({ code: 'not_found', message: 'Case with ID 999999 not found' });
      const hidden = await get(ctx.t.fixtures.acmeUser, `${BASE}${ctx.globexCaseId}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.message).toBe(`Case with ID ${ctx.globexCaseId} not found`);
    });

    it('shows the case with its 10 most recent alerts and its alert count', async () => {
      const response = await get(ctx.t.fixtures.acmeUser, `${BASE}${ctx.detailCaseId}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        id: ctx.detailCaseId,
        title: 'Detail case',
        alert_count: 12,
        can_edit: true,
      });
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
      expect((await get(ctx.viewer, `${BASE}${ctx.detailCaseId}`)).json().can_edit).toBe(false);
    });
  });
}
