/**
 * The API (the same app main.ts serves) on a shared database, for the crash tests to kill:
 *   tsx api-server.ts <database url or PGlite dir> [contact id…]
 * Prints "listening <port> <tokens>" once it accepts requests, the tokens a JSON object of a
 * bearer token for each contact id given (the crash tests' callers).
 */
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';

const [where, ...contactIds] = process.argv.slice(2) as [string, ...string[]];
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
const tokens: Record<string, string> = {};
for (const id of contactIds) tokens[id] = (await app.sessionTokens.issue(id)).access_token;
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
console.log(
  `listening ${typeof address === 'object' && address ? address.port : ''} ${JSON.stringify(tokens)}`,
);
