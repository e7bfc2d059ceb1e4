import { sql } from 'drizzle-orm';
import type { SecretBox } from '../auth/secret-box.ts';
import { alertRules, integrationMappings, integrations, mutes } from '../db/schema/index.ts';
import { resultRows } from '../db/tenancy.ts';
import type { Db } from '../db/types.ts';
import { ALERT_RULES, INTEGRATIONS, MUTE_IDEAS } from './catalogue/triage.ts';
import { insertRows } from './insert.ts';
import type { Organisation } from './organisation.ts';
import type { Rng } from './prng.ts';
import type { CustomerRef } from './types.ts';

// What the triage data needs before the alerts: ids the seed hands out, integrations, mutes and rules.

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The first id of a serial column the seed may hand out itself: rows carry explicit ids so others
 * can refer to them before they are written. `syncIds` moves the sequence past them afterwards.
 */
export async function firstFreeId(db: Db, table: string): Promise<number> {
  const rows = resultRows<{ first: string | number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as first`),
  );
  return Number(rows[0]!.first);
}

/** After explicit ids: the next row the application inserts gets the id after the highest. */
export async function syncIds(db: Db, table: string): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${sql.raw(`"${table}"`)} having count(*) > 0`,
  );
}

/** The partner's integrations (one per product) and each customer's tenant in it. */
export async function seedIntegrations(
  db: Db,
  rng: Rng,
  partnerId: string,
  customers: readonly CustomerRef[],
  now: number,
  secrets: SecretBox,
): Promise<Map<string, string>> {
  const bySource = new Map<string, string>();
  const rows: (typeof integrations.$inferInsert)[] = [];
  const mappings: (typeof integrationMappings.$inferInsert)[] = [];
  for (const product of INTEGRATIONS) {
    const id = rng.uuid();
    bySource.set(product.source, id);
    const createdAt = new Date(now - rng.int(90, 900) * DAY);
    rows.push({
      id,
      partnerId,
      kind: product.kind,
      name: product.name,
      releaseStatus: product.release,
      settings: {
        region: rng.pick(['eu-west', 'eu-north', 'us-east']),
        poll_interval_seconds: rng.pick([60, 120, 300]),
        client_id: rng.uuid(),
      },
      secrets: secrets.seal({ client_secret: `demo-${rng.uuid()}` }, id),
      // Its customers are mapped, which needs validated settings (spec 2, section 4).
      createdAt,
      updatedAt: createdAt,
      validatedAt: createdAt,
    });
    for (const c of customers) {
      const microsoft =
        product.kind === 'microsoft_defender' ||
        product.kind === 'entra_id' ||
        product.kind === 'microsoft_365';
      mappings.push({
        integrationId: id,
        customerId: c.customerId,
        // Microsoft products name the tenant by its GUID and primary domain; others by a site id.
        externalId: microsoft ? rng.uuid() : `${product.kind.split('_')[0]}-site-${rng.int(100000, 999999)}`,
        externalName: microsoft
          ? c.domain.replace('.example', '.onmicrosoft.example')
          : `${c.name} (${c.countryIso})`,
      });
    }
  }
  await insertRows(db, integrations, rows);
  await insertRows(db, integrationMappings, mappings);
  return bySource;
}

/** Per customer: a few mutes (active, unmuted by hand, expired) and 10–20 alert rules. */
export async function seedMutesAndRules(
  db: Db,
  rng: Rng,
  org: Organisation,
  now: number,
): Promise<{ mutes: number; rules: number }> {
  const staff = org.staff.filter((s) => s.role !== 'readonly');
  const muteRows: (typeof mutes.$inferInsert)[] = [];
  const ruleRows: (typeof alertRules.$inferInsert)[] = [];
  for (const customer of org.customers) {
    const states = [
      'active',
      'inactive',
      'expired',
      ...rng.sample(['active', 'active', 'expired'], rng.int(0, 2)),
    ];
    for (const state of states) {
      const idea = rng.pick(MUTE_IDEAS);
      const host =
        customer.agents.length > 0 ? rng.pick(customer.agents).hostName : `${customer.netbios}-SCAN01`;
      const conditions =
        idea.kind === 'host'
          ? [{ field: 'host_name', operator: 'equals', value: host }]
          : idea.kind === 'title'
            ? [{ field: 'title', operator: 'contains', value: idea.value }]
            : [{ field: 'external_source', operator: 'equals', value: idea.value }];
      if (rng.chance(0.3)) conditions.push({ field: 'priority', operator: 'equals', value: 'low' });
      const created = now - rng.int(2, 80) * DAY - rng.int(0, 1439) * MINUTE;
      const expires =
        state === 'expired'
          ? now - rng.int(1, 30) * DAY
          : state === 'active'
            ? rng.chance(0.25)
              ? null
              : now + rng.int(1, 60) * DAY
            : created + rng.int(20, 120) * DAY;
      muteRows.push({
        customerId: customer.customerId,
        conditions,
        description: idea.description,
        state,
        createdBy: rng.pick(staff).contactId,
        expiresAt: expires === null ? null : new Date(expires),
        version: state === 'active' ? 1 : 2,
        createdAt: new Date(created),
        updatedAt: new Date(
          state === 'active' ? created : Math.min(now, Math.max(created + DAY, expires ?? now)),
        ),
      });
    }
    for (const [name, priority, query, description] of rng.sample(ALERT_RULES, rng.int(10, 20))) {
      ruleRows.push({
        customerId: customer.customerId,
        name,
        description,
        priority,
        enabled: rng.chance(0.85),
        query,
        createdAt: new Date(now - rng.int(30, 700) * DAY),
      });
    }
  }
  await insertRows(db, mutes, muteRows);
  for (let start = 0; start < ruleRows.length; start += 2000)
    await insertRows(db, alertRules, ruleRows.slice(start, start + 2000));
  return { mutes: muteRows.length, rules: ruleRows.length };
}
