import { buildApp } from './app.ts';
import { startSyslogServer } from './areas/logs/index.ts';
import { loadConfig, originsOf, withLoopbackTwin } from './config.ts';
import { openDatabase } from './db/client.ts';
import { primaryOnly, replicaRouter } from './db/replica.ts';
import { startLanes, stopLanes } from './jobs/lanes.ts';
import { startLaneThread } from './jobs/lanes-on-thread.ts';
import { ensureDemoData } from './seed/first-start.ts';

/**
 * `npm start`: opens the database, seeds demo data on first start, then serves everything on
 * PORT and runs background jobs. WATCHFLOOR_ROLE=api only serves; =worker only runs jobs.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const demo = config.role === 'worker' ? null : await ensureDemoData(database.db, config);
const app = config.role === 'worker' ? null : await buildApp(config, database);
// Workers read report figures and exports where the API reads them: the replica while it is current.
const reads =
  app?.reads ??
  (config.replica && database.kind === 'postgres'
    ? await replicaRouter(database.db, config.replica)
    : primaryOnly(database.db));
// The job lanes (jobs/lanes.ts): on a thread of their own when this process also serves, on
// PostgreSQL (jobs/lanes-on-thread.ts); here for a worker, on the embedded database (one
// connection, this thread's) and with the test clock (its offset lives in this thread).
const laneThread =
  app && config.role === 'all' && config.lanesThread && database.kind === 'postgres' && !config.testClock
    ? startLaneThread(app.log)
    : null;
const lanes = config.role === 'api' || laneThread ? [] : startLanes(database, config, reads, app?.log);

// Syslog is an input like HTTP ingest: served where the API is, off with SYSLOG_PORT=0.
const syslog =
  app && config.syslog.port !== 0
    ? await startSyslogServer(database.db, {
        port: config.syslog.port,
        host: config.host,
        log: app.log,
        secretsKey: config.secretsKey,
      })
    : null;

const shutdown = async (signal: string) => {
  console.log(`${signal}: shutting down`);
  await syslog?.close();
  await laneThread?.stop();
  await stopLanes(lanes);
  await app?.close();
  if (!app) await reads.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

if (app) {
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`\nWatchfloor is running at ${config.publicUrl}  (data: ${where})`);
  // Sign-in sends people back only to the addresses the identity provider knows.
  const addresses = originsOf(withLoopbackTwin(config.publicUrl));
  const also = addresses.length > 1 ? ` or ${addresses.slice(1).join(' or ')}` : '';
  if (!process.env.PUBLIC_URL)
    console.log(`Open it at ${addresses[0]}${also}; set PUBLIC_URL to reach it at another address.`);
  console.log(`API reference: ${config.publicUrl}/api/docs`);
  if (demo) {
    console.log('Demo accounts:');
    for (const email of demo.accounts) console.log(`  ${email}`);
    console.log(demo.passwordNote);
  }
} else {
  console.log('Watchfloor worker is running background jobs.');
}
