/**
 * A worker that claims one due job and then hangs, for the crash tests to kill with SIGKILL:
 *   tsx claim-job-and-hang.ts <database url or PGlite dir> <kind> <lease ms>
 * Prints "claimed <id>" once the claim is committed.
 */
import { openDatabase } from '../../src/server/db/client.ts';
import { claimJob } from '../../src/server/jobs/queue.ts';

const [where, kind, leaseMs] = process.argv.slice(2) as [string, string, string];
const database = await openDatabase(
  where.startsWith('postgres://') ? { databaseUrl: where, dataDir: '' } : { dataDir: where },
);
const job = await claimJob(database.db, `doomed:${process.pid}`, [kind], Number(leaseMs));
console.log(job ? `claimed ${job.id}` : 'nothing to claim');
setInterval(() => undefined, 60_000);
