/**
 * A worker that runs due jobs of some kinds and stops dead at the transaction that queues a mail
 * (a report run's PDF, an export's link), for the crash tests to kill with SIGKILL:
 *   tsx run-jobs-and-die.ts <database url or PGlite dir> <kind,kind…> <inside|after> <clock offset ms>
 * `inside`: the transaction has done its work, not yet committed. `after`: it has committed, the
 * job not yet marked done. Prints "stopped" there and hangs; "ran out of jobs" when none stopped.
 * The clock offset lets it claim jobs whose lease has run out.
 */
import { sql } from 'drizzle-orm';
import { resultRows } from '../../src/server/db/tenancy.ts';
import type { Db } from '../../src/server/db/types.ts';
import { JOB_HANDLERS } from '../../src/server/jobs/registry.ts';
import type { JobContext, JobDefinition } from '../../src/server/jobs/types.ts';
import { DELIVER_MAIL_JOB } from '../../src/server/mail/outbox.ts';
import { forever, openNamedDatabase, runUntilStopped } from './doomed-worker.ts';

const [where, kinds, when, offset] = process.argv.slice(2) as [string, string, 'inside' | 'after', string];
const database = await openNamedDatabase(where);
const stop = async () => {
  console.log('stopped');
  return forever();
};

const mailJobs = async (tx: Db) =>
  resultRows<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from jobs where kind = ${DELIVER_MAIL_JOB}`),
  )[0]!.n;

/** The job's database, but its transactions stop at the one that queued a mail. */
function stoppingAtTheMail(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return async (work: (tx: Db) => Promise<unknown>) => {
        let mailed = false;
        const result = await target.transaction(async (tx) => {
          const before = await mailJobs(tx as Db);
          const done = await work(tx as Db);
          mailed = (await mailJobs(tx as Db)) > before;
          if (mailed && when === 'inside') await stop();
          return done;
        });
        if (mailed && when === 'after') await stop();
        return result;
      };
    },
  });
}

const handlers: Record<string, JobDefinition> = {};
for (const kind of kinds.split(',')) {
  const real = JOB_HANDLERS[kind]!;
  const definition = typeof real === 'function' ? { run: real } : real;
  handlers[kind] = {
    ...definition,
    run: (context: JobContext) => definition.run({ ...context, db: stoppingAtTheMail(context.db) }),
  };
}
await runUntilStopped(database.db, handlers, Number(offset));
