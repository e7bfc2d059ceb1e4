/**
 * `npm run backup -- [file]` and `npm run restore -- <file>`: the embedded database (the folder in
 * WATCHFLOOR_DATA, default ./data) to one file and back. Stop the server first. With DATABASE_URL
 * set, use pg_dump and pg_restore instead (README, "Running at scale").
 */
import { resolve } from 'node:path';
import { backupPglite, restorePglite } from '../src/server/db/backup.ts';

const [command, file] = process.argv.slice(2);
const dataDir = resolve(process.env.WATCHFLOOR_DATA ?? './data');
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (README).',
  );
  process.exit(2);
}
try {
  if (command === 'backup') {
    const target = resolve(
      file ?? `watchfloor-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
    );
    const bytes = await backupPglite(dataDir, target);
    console.log(`Backed up ${dataDir} to ${target} (${bytes} bytes).`);
  } else if (command === 'restore' && file) {
    await restorePglite(resolve(file), dataDir);
    console.log(`Restored ${resolve(file)} into ${dataDir}.`);
  } else {
    console.error('usage: npm run backup -- [file] | npm run restore -- <file>');
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
