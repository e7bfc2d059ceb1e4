import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEFINITION } from '../../../src/server/areas/workflows/definition.ts';
import { startRun } from '../../../src/server/areas/workflows/engine/runs.ts';
import type { Database } from '../../../src/server/db/client.ts';
import {
  alerts,
  cases,
  discussions,
  mailOutbox,
  type WorkflowDefinition,
  type WorkflowTask,
  workflowRuns,
  workflowSteps,
  workflows,
  workflowVersions,
} from '../../../src/server/db/schema/index.ts';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { runUntilStoppedAndKill } from '../../helpers/child-process.ts';
import { backends, databaseForProcesses } from '../../helpers/database.ts';
import { insertFixtures } from '../../helpers/fixtures.ts';
import { quiet } from './helpers.ts';

const LEASE_MS = 5 * 60_000;
const worker = new URL('../../helpers/run-workflow-steps-and-die.ts', import.meta.url);

/** Runs the workflows lane in a worker process until it stops at `step`, then kills it with SIGKILL. */
const killAt = (where: string, when: 'inside' | 'after', step: number, offsetMs: number) =>
  runUntilStoppedAndKill(worker, [where, when, String(step), String(offsetMs)]);

const task = (id: string, action_id: string, parameters: WorkflowTask['parameters']) => ({
  id,
  action_id,
  parameters,
  timeout_seconds: 60,
  retries: 3,
});
const comment = (id: string, message: string) => task(id, 'alert_comment', { message, private: false });
/**
 * Five steps, each leaving a trace that shows whether it acted, and how often: two in-database
 * steps done together in one transaction, a mail (a step and a job of its own), then two more
 * together.
 */
const FIVE_STEPS: WorkflowDefinition = {
  ...DEFAULT_DEFINITION,
  trigger_id: 'alert_created',
  scheduled: false,
  task_list: [
    comment('one', 'Step one'),
    task('two', 'case_create', { title: 'Case of the run' }),
    task('three', 'send_email', {
      emails: ['soc@acme.example'],
      subject: 'Step three, case {{steps.two.case_id}}',
      message: 'Opened',
    }),
    comment('four', 'Step four'),
    task('five', 'alert_priority', { priority: 'low' }),
  ],
};

describe.each(backends())('a worker killed in the middle of a run, on %s', (backend) => {
  it('loses no step and repeats no side effect', { timeout: 120_000 }, async () => {
    const place = await databaseForProcesses(backend, 'wfkill');
    let database: Database | undefined;
    try {
      database = await place.open();
      const db = database.db;
      const f = await insertFixtures(db);
      const [alert] = await db
        .insert(alerts)
        .values({ customerId: f.acme.customerId, title: 'Malware found', type: 'malware', priority: 'high' })
        .returning();
      const [workflow] = await db
        .insert(workflows)
        .values({
          partnerId: f.partner.partnerId,
          customerIds: [f.acme.customerId],
          name: 'Five steps',
          definition: FIVE_STEPS,
          state: 'published',
          publishedVersion: 1,
          publishedHash: 'five',
          ownerId: f.analyst.contactId,
        })
        .returning();
      await db.insert(workflowVersions).values({
        workflowId: workflow!.id,
        version: 1,
        partnerId: f.partner.partnerId,
        customerIds: [f.acme.customerId],
        definition: FIVE_STEPS,
        contentHash: 'five',
        publishedBy: f.analyst.contactId,
      });
      const run = await db.transaction((tx) =>
        startRun(tx, {
          partnerId: f.partner.partnerId,
          workflowId: workflow!.id,
          version: 1,
          definition: FIVE_STEPS,
          customerId: f.acme.customerId,
          alertId: alert!.id,
          triggerData: { alert: { id: alert!.id } },
          depth: 0,
          dispatchKey: 'kill-test',
        }),
      );
      // PGlite is one process's at a time: let the workers have the directory.
      if (backend === 'pglite') await database.close();

      // Killed after steps 1 and 2 committed together, before step 3 began; then inside the
      // transaction of steps 4 and 5, both acted and marked done, not yet committed.
      expect(await killAt(place.where, 'after', 1, 0)).toBe('stopped 1');
      expect(await killAt(place.where, 'inside', 4, LEASE_MS + 10_000)).toBe('stopped 4');

      if (backend === 'pglite') database = await place.open();
      const again = database!.db;
      const stepsNow = () =>
        again
          .select({ status: workflowSteps.status, attempts: workflowSteps.attempts })
          .from(workflowSteps)
          .where(eq(workflowSteps.runId, run!.id))
          .orderBy(asc(workflowSteps.stepIndex));
      const comments = () =>
        again
          .select({ body: discussions.body })
          .from(discussions)
          .where(and(eq(discussions.entity, 'alert'), eq(discussions.entityId, alert!.id)));
      // Steps 4 and 5 died with their transaction (step 4's mark, committed before, stays);
      // steps 1 to 3 are done once.
      expect((await stepsNow()).map((s) => s.status)).toEqual([
        'succeeded',
        'succeeded',
        'succeeded',
        'running',
        'pending',
      ]);
      expect((await comments()).map((c) => c.body)).toEqual(['Step one']);
      const mails = () =>
        again
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(eq(mailOutbox.subject, stepThree));
      const [caseRow] = await again
        .select({ id: cases.id })
        .from(cases)
        .where(eq(cases.title, 'Case of the run'));
      const stepThree = `Step three, case ${caseRow!.id}`;
      expect(await mails()).toHaveLength(1);
      const [before] = await again
        .select({ priority: alerts.priority })
        .from(alerts)
        .where(eq(alerts.id, alert!.id));
      expect(before!.priority).toBe('high');

      // A surviving worker takes the dead one's step once its lease has run out, and finishes the run.
      await runDueJobs(again, {
        workerId: 'survivor',
        pollMs: 5,
        handlers: laneHandlers('workflows'),
        schedules: [],
        log: quiet,
        now: () => new Date(Date.now() + 2 * LEASE_MS + 20_000),
      });
      const [finished] = await again.select().from(workflowRuns).where(eq(workflowRuns.id, run!.id));
      expect(finished).toMatchObject({ status: 'succeeded', error: null });
      expect(await stepsNow()).toEqual([
        { status: 'succeeded', attempts: 1 },
        { status: 'succeeded', attempts: 1 },
        { status: 'succeeded', attempts: 1 },
        { status: 'succeeded', attempts: 2 },
        { status: 'succeeded', attempts: 1 },
      ]);
      expect((await comments()).map((c) => c.body).sort()).toEqual(['Step four', 'Step one']);
      expect(await mails()).toHaveLength(1);
      expect(
        await again.select({ id: cases.id }).from(cases).where(eq(cases.title, 'Case of the run')),
      ).toHaveLength(1);
      const [changed] = await again
        .select({ priority: alerts.priority })
        .from(alerts)
        .where(eq(alerts.id, alert!.id));
      expect(changed!.priority).toBe('low');
    } finally {
      await database?.close().catch(() => undefined);
      await place.drop();
    }
  });
});
