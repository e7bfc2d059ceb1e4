import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compileTerm } from '../../../src/server/areas/logs/query.ts';
import { APP_ROLE, resultRows, withScope } from '../../../src/server/db/tenancy.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

/**
 * Contains-searches under row-level security: through the view searches read, the trigram index
 * serves ILIKE and LIKE; on the table under its policy PostgreSQL will not use it (ILIKE is not
 * leakproof). Sequential scans are priced out so the plan shows what the planner may use.
 */
describe.each(backends())('contains-search indexes under row-level security on %s', (backend) => {
  const c = logsContext(backend);

  class Rollback extends Error {}

  /**
   * The plans of a search through the view and on the table, as the app role in the caller's
   * scope. The customer indexes are dropped in the transaction (rolled back after), so the
   * trigram index is the only one left and the plan shows whether the planner may use it.
   */
  const plansOf = async (term: string) => {
    const acme = c.t.fixtures.acme;
    const plans: Record<string, string> = {};
    await c.t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table log_events drop constraint log_events_pkey`);
        await tx.execute(
          sql`drop index log_events_customer_source_time_idx, log_events_customer_host_time_idx`,
        );
        await tx.execute(sql`select set_config('role', ${APP_ROLE}, true),
          set_config('app.customer_ids', ${acme.customerId}, true), set_config('enable_seqscan', 'off', true)`);
        for (const table of ['log_events_visible', 'log_events']) {
          const rows = resultRows<Record<string, string>>(
            await tx.execute(sql`explain select id from ${sql.raw(table)} where ${compileTerm(term)}`),
          );
          plans[table] = rows.map((r) => Object.values(r)[0]).join('\n');
        }
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
    return plans;
  };

  it('keyword and exact searches use the trigram index through the view, not under the policy', async () => {
    const token = await c.tokenFor(c.t.fixtures.acme.customerId);
    expect(
      (await c.ingest(token, [{ message: 'An account failed to log on.', host: 'ACME-DC-01' }])).statusCode,
    ).toBe(200);
    // The partition's copy of log_events_raw_trgm_idx is named after the partition and the column.
    const trigram = /Bitmap Index Scan on log_events_\d+_raw_idx/;
    for (const term of ['failed account', '"failed to log"', 'host:ACME-DC-*']) {
      const plans = await plansOf(term);
      if (term.startsWith('host:')) {
        // A field's wildcard reads the column, not the whole event: no trigram index either way.
        expect(plans.log_events_visible).not.toMatch(trigram);
        continue;
      }
      expect(plans.log_events_visible, term).toMatch(trigram);
      expect(plans.log_events, term).not.toMatch(trigram);
    }
  });

  it('the view shows only the caller’s customers, and nothing to a connection without a scope', async () => {
    const globex = await c.tokenFor(c.t.fixtures.globex.customerId);
    await c.ingest(globex, [{ message: 'Globex only event' }]);
    const acme = c.t.fixtures.acme;
    const seen = await withScope(
      c.t.database.db,
      {
        partnerId: acme.partnerId,
        userId: c.t.fixtures.acmeUser.contactId,
        customerIds: [acme.customerId],
        global: false,
      },
      async (tx) =>
        resultRows<{ customer_id: string }>(
          await tx.execute(sql`select distinct customer_id from log_events_visible`),
        ).map((r) => r.customer_id),
    );
    expect(seen).toEqual([acme.customerId]);
    const unscoped = resultRows<{ n: number }>(
      await c.t.database.db.execute(sql`select count(*)::int as n from log_events_visible`),
    );
    expect(unscoped[0]!.n).toBe(0);
  });
});
