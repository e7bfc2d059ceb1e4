import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cases } from '../../../src/server/db/schema/index.ts';
import { BASE, type CasesContext } from './helpers.ts';

/** updateCase: registered on the shared app of the enclosing backend. */
export function updateCaseSuite(ctx: CasesContext) {
  const { put, expectBadField } = ctx;
  describe('updateCase', () => {
    let caseId: number;
    beforeAll(async () => {
      const [row] = await ctx.t.database.db
        .insert(cases)
        .values({
          customerId: ctx.t.fixtures.acme.customerId,
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
      expectBadField(await put(ctx.t.fixtures.analyst, url, { title: 'x' }), 'body.version');
      expectBadField(await put(ctx.t.fixtures.analyst, url, { version: 1, title: '' }), 'body.title');
      expectBadField(await put(ctx.t.fixtures.analyst, url, { version: 1, status: 'bogus' }), 'body.status');
      expectBadField(
        await put(ctx.t.fixtures.analyst, url, { version: 1, risk_score_min: 60 }),
        'body.risk_score_min',
      );
      expectBadField(
        await put(ctx.t.fixtures.analyst, url, { version: 1, risk_score_max: 5 }),
        'body.risk_score_max',
      );
      expectBadField(
        await put(ctx.t.fixtures.analyst, url, { version: 1, customer_id: ctx.t.fixtures.globex.customerId }),
        'body.customer_id',
      );
      expectBadField(await put(ctx.t.fixtures.analyst, `${BASE}abc`, { version: 1 }), 'params.id');
    });

    it('answers 404 for another customer’s case and changes nothing', async () => {
      const response = await put(ctx.t.fixtures.acmeUser, `${BASE}${ctx.globexCaseId}`, {
        version: 1,
        title: 'hijacked',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(`Case with ID ${ctx.globexCaseId} not found`);
      const [row] = await ctx.t.database.db.select().from(cases).where(eq(cases.id, ctx.globexCaseId));
      expect(row!.title).toBe('Globex secret case');
    });

    it('refuses staff without modify_all with 403', async () => {
      expect((await put(ctx.viewer, `${BASE}${caseId}`, { version: 1, title: 'x' })).statusCode).toBe(403);
    });

    it('updates the case; a customer user keeps staff assignees they cannot see; stale versions get 409', async () => {
      const url = `${BASE}${caseId}`;
      const first = await put(ctx.t.fixtures.acmeUser, url, {
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
      const stale = await put(ctx.t.fixtures.analyst, url, { version: 1, title: 'Lost update' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.code).toBe('conflict');
      const same = await put(ctx.t.fixtures.analyst, url, { version: 2, title: 'Edited' });
      expect(same.json().version).toBe(2);
      const audited = await ctx.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'case'), eq(auditLog.entityId, String(caseId))));
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ action: 'update', actorId: ctx.t.fixtures.acmeUser.contactId });
    });
  });
}
