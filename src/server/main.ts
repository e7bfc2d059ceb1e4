import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureDemoData } from './seed/first-start.ts';

/** `npm start`: opens the database, seeds demo data on first start, serves everything on PORT. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const demo = await ensureDemoData(database.db, config);
const app = await buildApp(config, database);

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
console.log(`\nWatchfloor is running at ${config.publicUrl}  (data: ${where})`);
console.log(`API reference: ${config.publicUrl}/api/docs`);
if (demo) {
  console.log('Demo accounts:');
  for (const email of demo.accounts) console.log(`  ${email}`);
  console.log(demo.passwordNote);
}
