/**
 * The API (the same app main.ts serves) on a shared database, for the ingest crash test to kill:
 *   tsx ingest-server.ts <database url or PGlite dir>
 * Prints "listening <port>" once it accepts requests.
 */
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';

const [where] = process.argv.slice(2) as [string];
const database = await openDatabase(
  where.startsWith('postgres://') ? { databaseUrl: where, dataDir: '' } : { dataDir: where },
);
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  WATCHFLOOR_DATA: 'memory://',
  SYSLOG_PORT: '0',
});
const app = await buildApp(config, database, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
