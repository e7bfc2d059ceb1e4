import { sql } from 'drizzle-orm';
import type { Db } from './types.ts';

/**
 * VACUUM (ANALYZE) of every table: fresh planner statistics, and a visibility map that lets
 * counts and sorted pages read indexes alone. Run after a bulk load (the seed), and on a schedule
 * on PGlite, which has no autovacuum. Cannot run inside a transaction.
 *
 * First, CLUSTER packs the tables marked clustered (the dashboard's rollups, migration 0039):
 * a bulk load rewrites their counters many times in one transaction, spreading a few thousand
 * rows over tens of thousands of pages that vacuum frees but never gives back.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`cluster`);
  await db.execute(sql`vacuum (analyze)`);
}
