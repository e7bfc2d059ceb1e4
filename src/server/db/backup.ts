import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from './client.ts';

/**
 * Backup and restore of the embedded database (PGlite): its whole data folder as one gzipped
 * tarball (PGlite's dumpDataDir / loadDataDir). PGlite is one process's at a time, so the server
 * must be stopped. PostgreSQL is backed up with pg_dump (README).
 */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0)
    throw new Error(`${dataDir} holds no database to back up`);
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    const tarball = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await tarball.arrayBuffer());
    writeFileSync(file, bytes, { mode: 0o600 });
    return bytes.length;
  } finally {
    await client.close();
  }
}

/**
 * Restores a backup into an empty (or missing) data folder, then opens it as the server would:
 * migrations newer than the backup are applied and the tenancy policies checked.
 */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into an empty folder (move the old one aside first)`);
  const snapshot = new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir, snapshot });
  await database.close();
}
