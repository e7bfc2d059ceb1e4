import { sql } from 'drizzle-orm';
import { APP_ROLE } from '../../../db/tenancy.ts';
import type { Db } from '../../../db/types.ts';

/**
 * Runs `work` on the step's own transaction as the system connection, then returns to the
 * owner's role: escalating queues the escalation's job and sending opens an integration's sealed
 * credentials, which request work may not. Sharing the transaction keeps the effect and the
 * step's `succeeded` mark one commit. Callers check the owner's reach first, under their role.
 */
export async function asSystem<T>(tx: Db, work: (system: Db) => Promise<T>): Promise<T> {
  await tx.execute(sql`set local role none`);
  try {
    return await work(tx);
  } finally {
    await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
  }
}
