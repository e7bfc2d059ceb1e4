import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { REBUILD_ROLLUPS_JOB, rebuildTargets } from '../src/server/areas/dashboard/index.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { jobs } from '../src/server/db/schema/index.ts';
import { enqueueJob } from '../src/server/jobs/queue.ts';
import { JOB_HANDLERS } from '../src/server/jobs/registry.ts';
import { runDueJobs } from '../src/server/jobs/runner.ts';

/**
 * `npm run rollups:rebuild -- [--customer <customer id>]` recomputes the dashboard's rollups of one
 * customer, or of every customer, from the alerts and their activity, in the database the server
 * would use. It queues the `rebuild-dashboard-rollups` job and runs it here through the job runner;
 * when a server's worker claims it first, it follows that run. With PGlite, stop the server first.
 * Exit codes: 0 done, 1 failed, 2 bad arguments.
 */
const USAGE = 'Usage: npm run rollups:rebuild -- [--customer <customer id>]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let customerId: string | undefined;
try {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    strict: true,
    options: { customer: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  customerId = values.customer;
  if (customerId !== undefined && !UUID.test(customerId))
    throw new Error(`--customer: not a customer id: ${customerId}`);
} catch (error) {
  console.error(`rollups:rebuild: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const db = database.db;
let exitCode = 0;
try {
  if (customerId && (await rebuildTargets(db, { customerId })).length === 0) {
    console.error(`rollups:rebuild: A customer with the ID ${customerId} was not found.`);
    exitCode = 1;
  } else {
    const job = await enqueueJob(db, REBUILD_ROLLUPS_JOB, customerId ? { customer_id: customerId } : {}, {
      singletonKey: `operator:${customerId ?? 'all'}`,
    });
    console.log(`Rebuilding the dashboard's rollups of ${customerId ?? 'every customer'} (job ${job.id})…`);
    let shown = '';
    const read = async () => (await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
    const show = async () => {
      const row = await read();
      const line = row.progress ? `${row.progress.done} of ${row.progress.total} customer(s)` : '';
      if (line && line !== shown) console.log(`  ${line}`);
      shown = line || shown;
      return row;
    };
    const ticker = setInterval(() => void show().catch(() => undefined), 1000);
    const quiet = {
      info: () => undefined,
      warn: (m: string) => console.warn(m),
      error: (m: string) => console.error(m),
    };
    const handlers = { [REBUILD_ROLLUPS_JOB]: JOB_HANDLERS[REBUILD_ROLLUPS_JOB]! };
    let row = await read();
    // Runs it here, unless a server's worker holds it: then waits for that run to finish.
    while (!row.doneAt) {
      const ran = await runDueJobs(db, {
        workerId: `rollups-rebuild-${process.pid}`,
        pollMs: 1000,
        handlers,
        schedules: [],
        log: quiet,
      });
      row = await read();
      if (!ran && !row.doneAt) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    clearInterval(ticker);
    row = await show();
    if (row.deadAt) {
      console.error(`rollups:rebuild: failed: ${row.lastError?.split('\n')[0] ?? 'unknown error'}`);
      exitCode = 1;
    } else console.log('Done.');
  }
} catch (error) {
  console.error(`rollups:rebuild: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
