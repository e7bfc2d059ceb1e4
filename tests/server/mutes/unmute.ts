import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findMatchingMute } from '../../../src/server/areas/mutes/index.ts';
import { auditLog } from '../../../src/server/db/schema/index.ts';
import { BASE, hostIs, type MutesContext } from './helpers.ts';

/** unmuteMute: registered on the shared app of the enclosing backend. */
export function unmuteMuteSuite(ctx: MutesContext) {
  const { get, post, create, acmeMute, expectBadField } = ctx;
  describe('unmuteMute', () => {
    it('requires sign-in', async () => {
      expect((await post(null, `${BASE}${ctx.mute['acme active']}/unmute`)).statusCode).toBe(401);
    });

    it('rejects a malformed id or body with 400', async () => {
      expectBadField(await post(ctx.t.fixtures.analyst, `${BASE}x/unmute`), 'params.mute_id');
      expectBadField(
        await post(ctx.t.fixtures.analyst, `${BASE}${ctx.mute['acme active']}/unmute`, { version: 'one' }),
        'body.version',
      );
    });

    it('answers 404 for another customer’s mute, which stays active', async () => {
      const id = ctx.mute['globex secret mute']!;
      expect((await post(ctx.t.fixtures.acmeUser, `${BASE}${id}/unmute`)).statusCode).toBe(404);
      expect((await get(ctx.t.fixtures.analyst, `${BASE}${id}`)).json().state).toBe('active');
    });

    it('refuses staff without modify_all with 403', async () => {
      expect((await post(ctx.viewer, `${BASE}${ctx.mute['acme active']}/unmute`)).statusCode).toBe(403);
    });

    it('stops the mute: state inactive, new alerts no longer match; again changes nothing', async () => {
      const created = (await create(acmeMute({ conditions: hostIs('ACME-U') }))).json();
      const url = `${BASE}${created.id}/unmute`;
      expect((await post(ctx.t.fixtures.acmeUser, url, { version: 7 })).statusCode).toBe(409);
      const response = await post(ctx.t.fixtures.acmeUser, url, { version: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: 'inactive', version: 2, ttl_seconds: null });
      const again = await post(ctx.t.fixtures.acmeUser, url);
      expect(again.json()).toMatchObject({ state: 'inactive', version: 2 });
      const match = await findMatchingMute(ctx.t.database.db, {
        customerId: ctx.t.fixtures.acme.customerId,
        title: 't',
        type: 't',
        priority: 'low',
        hostName: 'ACME-U',
        externalSource: null,
        fields: {},
      });
      expect(match).toBeNull();
      const audited = await ctx.t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'mute'), eq(auditLog.entityId, created.id)));
      expect(audited.map((a) => a.action).sort()).toEqual(['create', 'unmute']);
    });
  });
}
