import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/index.ts';
import { withScope } from '../../../src/server/db/tenancy.ts';
import type { TestApp } from '../../helpers/app.ts';
import { type AlertsContext, insertAlerts, JSON_HEADERS } from './helpers.ts';

/**
 * What a customer's users could read of the audit log: row-level security shows them their
 * customer's rows and rows without a customer. Changes made by staff across customers, and
 * private comments, must leave nothing there that they may not see in the console.
 */
export function auditSuite(ctx: AlertsContext) {
  describe('the audit of alert changes, as a customer user could read it', () => {
    let t: TestApp;
    let acmeIds: number[];
    let globexIds: number[];

    beforeAll(async () => {
      t = ctx.t;
      const { acme, globex } = t.fixtures;
      const rows = await insertAlerts(t, [
        { customerId: acme.customerId, title: 'Audited acme 1', type: 'edr' },
        { customerId: acme.customerId, title: 'Audited acme 2', type: 'edr' },
        { customerId: globex.customerId, title: 'Audited globex 1', type: 'edr' },
        { customerId: globex.customerId, title: 'Audited globex 2', type: 'edr' },
      ]);
      acmeIds = rows.filter((r) => r.customerId === acme.customerId).map((r) => r.id);
      globexIds = rows.filter((r) => r.customerId === globex.customerId).map((r) => r.id);
    });

    const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
      t.as(t.fixtures.analyst, {
        method,
        url,
        ...(payload === undefined ? {} : { headers: JSON_HEADERS, payload: JSON.stringify(payload) }),
      });

    /** Every audit row Acme's customer user could read. */
    const readableByAcmeUser = async () => {
      const user = t.fixtures.acmeUser;
      const scope = {
        partnerId: user.partnerId,
        userId: user.contactId,
        customerIds: [t.fixtures.acme.customerId],
        global: false,
      };
      return withScope(t.database.db, scope, (tx) => tx.select().from(auditLog));
    };

    it('writes one row per customer for a bulk update, so no customer reads another’s alert ids', async () => {
      const response = await send('PUT', '/api/alerts/v1/alerts/', {
        ids: [...acmeIds, ...globexIds],
        fields: { status: 'open' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().failed).toEqual([]);

      const bulkRows = (await t.database.db.select().from(auditLog)).filter(
        (row) => row.action === 'bulk_update' && JSON.stringify(row.after).includes(String(globexIds[0])),
      );
      expect(bulkRows).toHaveLength(1);
      expect(bulkRows[0]).toMatchObject({
        customerId: t.fixtures.globex.customerId,
        after: { ids: globexIds, fields: { status: 'open' } },
      });
      // The alert ids each bulk row names: in `after.ids`, and as the keys of `before`.
      const named = (await readableByAcmeUser())
        .filter((row) => row.action === 'bulk_update')
        .flatMap((row) => [
          ...((row.after as { ids: number[] }).ids ?? []),
          ...Object.keys(row.before ?? {}).map(Number),
        ]);
      expect(named).toEqual(expect.arrayContaining(acmeIds));
      expect(named.filter((id) => globexIds.includes(id))).toEqual([]);
    });

    it('keeps private comment text out of every row a customer user can read', async () => {
      const bulkSecret = 'Private bulk note: the customer’s admin is the suspect';
      const bulk = await send('PUT', '/api/alerts/v1/alerts/', {
        ids: [...acmeIds, ...globexIds],
        fields: { priority: 'high' },
        comment: bulkSecret,
        comment_private: true,
      });
      expect(bulk.statusCode, bulk.body).toBe(200);

      const url = `/api/alerts/v1/alerts/${acmeIds[0]}/discussions`;
      const posted = await send('POST', url, { body: 'Private single note, first draft', private: true });
      expect(posted.statusCode, posted.body).toBe(201);
      const commentId = posted.json().id as number;
      const edited = await send('PUT', `${url}/${commentId}`, { body: 'Private single note, second draft' });
      expect(edited.statusCode, edited.body).toBe(200);
      const removed = await send('DELETE', `${url}/${commentId}`);
      expect(removed.statusCode, removed.body).toBe(204);

      const readable = (await readableByAcmeUser()).map((row) => JSON.stringify(row)).join('\n');
      expect(readable).toContain(`"entity":"discussion"`);
      expect(readable).not.toContain('Private bulk note');
      expect(readable).not.toContain('Private single note');
      // Staff keep the comments themselves.
      const listed = await t.as(t.fixtures.analyst, { url });
      expect(listed.json().discussions.map((d: { body: string }) => d.body)).toContain(bulkSecret);
    });
  });
}
