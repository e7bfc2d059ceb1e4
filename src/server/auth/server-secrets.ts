import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { serverSettings } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

/**
 * A secret shared by every API process through the database, created by whichever process
 * asks first (insert … on conflict do nothing, then read back, so all processes agree).
 */
export async function sharedSecret(
  db: Db,
  key: string,
  make: () => unknown = () => randomBytes(32).toString('base64url'),
) {
  await db
    .insert(serverSettings)
    .values({ key, value: sql`${JSON.stringify(make())}::jsonb` })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  if (!row) throw new Error(`server setting ${key} could not be created`);
  return row.value;
}
