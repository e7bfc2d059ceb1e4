import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { jobs, mutes } from '../../src/server/db/schema/index.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import type { Fixtures } from '../helpers/fixtures.ts';
import { type NodeProcess, startNode, stopAll } from './cluster.ts';
import { type OwnDatabase, ownDatabase } from './own-database.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('⚠ Job lanes on a thread SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');

const waitUntil = async (check: () => Promise<boolean>, what: string, output: () => string) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 60_000) throw new Error(`${what} never happened:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * One process that serves and works (`WATCHFLOOR_ROLE=all`) on PostgreSQL runs its job lanes on a
 * thread of their own (jobs/lanes-on-thread.ts): a queued job is done there, its log line reaches
 * the process's log, and the process stops cleanly when asked.
 */
describe.skipIf(!url)('the job lanes of one process on PostgreSQL, on their own thread', () => {
  let own: OwnDatabase;
  let database: Database;
  let fixtures: Fixtures;
  let server: NodeProcess;

  beforeAll(async () => {
    own = await ownDatabase('watchfloor_lanes', url!);
    ({ database, fixtures } = own);
    server = await startNode('console', 'all', own.url, { LOG_LEVEL: 'info' });
  }, 180_000);

  afterAll(async () => {
    await stopAll();
    await own?.drop();
  });

  it('does a queued job, logs it through the process, and stops when asked', async () => {
    const [mute] = await database.db
      .insert(mutes)
      .values({
        customerId: fixtures.acme.customerId,
        conditions: [{ field: 'host_name', operator: 'equals', value: 'ACME-LANES' }],
        description: 'expired a second ago',
        expiresAt: new Date(Date.now() - 1000),
      })
      .returning();
    const job = await enqueueJob(database.db, 'expire-mutes');

    await waitUntil(
      async () => {
        const [row] = await database.db.select().from(mutes).where(eq(mutes.id, mute!.id));
        return row?.state === 'expired';
      },
      'the mute expiring',
      server.output,
    );
    // The job is marked done in a statement of its own after its work commits (jobs/runner.ts),
    // and the mute may have been expired by the lane's own schedule first: wait for the mark.
    const doneRow = async () => (await database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0];
    await waitUntil(async () => (await doneRow())?.doneAt != null, 'the job marked done', server.output);
    const done = await doneRow();
    expect(done!.doneAt).not.toBeNull();
    // Claimed on a thread of the process (host:pid.thread:lane), not on its main thread (host:pid:lane).
    expect(done!.lockedBy).toMatch(new RegExp(`:${server.pid}\\.\\d+:background$`));
    await waitUntil(
      async () => server.output().includes('expire-mutes: 1 mute expired'),
      'the job’s log line',
      server.output,
    );

    await server.stop();
    expect(server.output()).toContain('SIGTERM: shutting down');
    expect(server.output()).not.toMatch(/job lanes thread (failed|stopped)/);
  });
});
