import { sql } from 'drizzle-orm';
import type { Db } from './types.ts';

/**
 * VACUUM (ANALYZE) of every table: fresh planner statistics, and a visibility map that lets
 * counts and sorted pages read indexes alone. Run after a bulk load (the seed), and on a schedule
 * on PGlite, which has no autovacuum. Cannot run inside a transaction.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
