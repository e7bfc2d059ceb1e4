import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client.ts';
import { resultRows } from '../../../src/server/db/tenancy.ts';
import { seedDemoData } from '../../../src/server/seed/generate.ts';
import { freshDatabase } from '../../helpers/database.ts';

// What the seed tests share: a small demo's options and a fingerprint of what a run wrote.

export const PASSWORD = 'seed-test-password';
export const NOW = new Date('2025-06-01T12:00:00Z');
/** A first start seeds, then vacuums the whole database; slow CI machines need more than 30 s. */
export const SLOW = 90_000;
export const SMALL = { customers: 6, alerts: 300, agents: 30, password: PASSWORD, now: NOW };
/**
 * The demo the first-start tests seed: what a first start does does not depend on the demo's size,
 * and every end-to-end run starts its consoles on the full default demo.
 */
export const SMALL_DEMO = { customers: 6, alerts: 300, agents: 30, seed: 1 };

export async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return resultRows<T>(await database.db.execute(query));
}

export async function seeded(seed: number): Promise<Database> {
  const database = await freshDatabase('pglite');
  await seedDemoData(database.db, { ...SMALL, seed });
  return database;
}

/** What a run of the generator produced, in insertion order. */
export async function fingerprint(database: Database) {
  const alerts = await rows<{ title: string; host_name: string | null }>(
    database,
    sql`select title, host_name from alerts order by id`,
  );
  const agents = await rows<{ host_name: string }>(
    database,
    sql`select host_name from agents order by agent_id`,
  );
  const triage = await rows<{ row: string }>(
    database,
    sql`select concat_ws('|', 'activity', alert_id, actor_id, action, field, after::text, at) as row from alert_activity
      union all select concat_ws('|', 'detection', alert_id, name, technique, fields::text) from detections
      union all select concat_ws('|', 'discussion', id, entity, entity_id, author_id, private, body) from discussions
      union all select concat_ws('|', 'mute', customer_id, state, conditions::text, expires_at) from mutes
      union all select concat_ws('|', 'rule', customer_id, name, priority, enabled) from alert_rules
      union all select concat_ws('|', 'alert', id, integration_id) from alerts
      order by 1`,
  );
  return {
    titles: alerts.map((a) => a.title),
    alertHosts: alerts.map((a) => a.host_name),
    agents: agents.map((a) => a.host_name),
    triage: triage.map((t) => t.row),
  };
}
