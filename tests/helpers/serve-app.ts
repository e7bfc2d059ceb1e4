/**
 * The server as `npm start` builds it, on a database the test prepared, for tests that read what
 * a start prints:
 *   tsx serve-app.ts <database url, or a PGlite snapshot file>
 * Says "listening" once it serves, and stops on SIGTERM. The rest of the environment is the
 * server's own (PORT, LOG_LEVEL, LOG_FORMAT…).
 */
import { readFileSync } from 'node:fs';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';

const [where] = process.argv.slice(2) as [string];
const database = await openDatabase(
  where.startsWith('postgres://')
    ? { databaseUrl: where, dataDir: '' }
    : { dataDir: 'memory://', snapshot: new Blob([readFileSync(where)]) },
);
const config = loadConfig({ ...process.env, WATCHFLOOR_DATA: 'memory://' });
const app = await buildApp(config, database);
// The handler goes in before "listening" is said: a SIGTERM sent on reading it must find it there,
// or the process dies of the signal itself.
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening');
