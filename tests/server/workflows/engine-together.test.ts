import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runStep } from '../../../src/server/areas/workflows/engine/step.ts';
import { alertActivity, alerts, auditLog, jobs, workflowSteps } from '../../../src/server/db/schema/index.ts';
import type { Db } from '../../../src/server/db/types.ts';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import type { JobRow } from '../../../src/server/jobs/types.ts';
import { backends } from '../../helpers/database.ts';
import { engineContext, quiet } from './helpers.ts';

type ListedStep = {
  status: string;
  attempts: number;
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  started_at: string | null;
  finished_at: string | null;
};

/** Five in-database steps: a note, a test, a priority, a note reading the test, a status. */
const fiveInDatabase = [
  { id: 'note', action_id: 'alert_comment', parameters: { message: 'Seen {{trigger.alert.title}}' } },
  {
    id: 'test',
    action_id: 'condition',
    parameters: { operator: 'contains', value: '{{trigger.alert.title}}', compare_to: 'Malware' },
  },
  { id: 'raise', action_id: 'alert_priority', parameters: { priority: 'low' } },
  { id: 'again', action_id: 'alert_comment', parameters: { message: 'Test passed: {{steps.test.passed}}' } },
  { id: 'take', action_id: 'alert_status', parameters: { status: 'open' } },
];

describe.each(backends())('in-database steps of a run done together on %s', (backend) => {
  const c = engineContext(backend);
  const { db, fresh, runsOf, runDetail, commentsOn, isolationsOf } = c;

  /** The step jobs a run had, by the step each was queued for. */
  const stepJobsOf = async (runId: string) =>
    (
      await db()
        .select({ payload: jobs.payload, doneAt: jobs.doneAt })
        .from(jobs)
        .where(and(eq(jobs.kind, 'workflow-step'), sql`${jobs.payload}->>'run_id' = ${runId}`))
    ).map((job) => ({ step: Number(job.payload.step), done: job.doneAt !== null }));

  it('does five in-database steps in one job, each step recorded with its input, output, time and attempt', async () => {
    const { type, host } = fresh();
    await c.published(c.isolateWorkflow({ trigger_filter: { types: [type] }, task_list: fiveInDatabase }));
    const alert = await c.raiseAlert({ type, host_name: host, priority: 'critical' });
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    expect(run!.status).toBe('succeeded');
    expect(await stepJobsOf(run!.run_id)).toEqual([{ step: 0, done: true }]);
    const steps = (await runDetail(run!.run_id)).steps as ListedStep[];
    expect(steps.map((s) => [s.status, s.attempts])).toEqual(Array(5).fill(['succeeded', 1]));
    expect(steps[0]!.input).toEqual({ message: 'Seen Malware found' });
    expect(steps[1]!.output).toEqual({ passed: true });
    expect(steps[2]!.output).toEqual({ changed: ['priority'], comment_id: null });
    expect(steps[3]!.input).toMatchObject({ message: 'Test passed: true' });
    for (const step of steps) {
      expect(step.started_at).not.toBeNull();
      expect(Date.parse(step.finished_at!)).toBeGreaterThanOrEqual(Date.parse(step.started_at!));
    }
    expect((await commentsOn(alert.id)).map((d) => d.body).sort()).toEqual([
      'Seen Malware found',
      'Test passed: true',
    ]);
    const [changed] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(changed).toMatchObject({ priority: 'low', status: 'open' });
  });

  it('sees in each step what the steps before it in the transaction did to the alert', async () => {
    const { type, host } = fresh();
    const priority = (id: string, to: string) => ({
      id,
      action_id: 'alert_priority',
      parameters: { priority: to },
    });
    await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [
          priority('lower', 'low'),
          priority('same', 'low'),
          { id: 'note', action_id: 'alert_comment', parameters: { message: 'Lowered' } },
          priority('raise', 'high'),
          { id: 'take', action_id: 'alert_status', parameters: { status: 'open' } },
        ],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host, priority: 'critical' });
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    expect(run!.status).toBe('succeeded');
    const steps = (await runDetail(run!.run_id)).steps as ListedStep[];
    expect(steps.map((s) => s.output?.changed)).toEqual([['priority'], [], [], ['priority'], ['status']]);
    const [changed] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(changed).toMatchObject({ priority: 'high', status: 'open', version: alert.version + 3 });
    // Taken up: the status change's activity row, written with the transaction's last statement,
    // still marks when the alert was first acknowledged (the response time charts read it).
    expect(changed!.acknowledgedAt).toBeInstanceOf(Date);
    // The alert's history chains each change on the one before it.
    const history = await db()
      .select({
        action: alertActivity.action,
        field: alertActivity.field,
        before: alertActivity.before,
        after: alertActivity.after,
      })
      .from(alertActivity)
      .where(and(eq(alertActivity.alertId, alert.id), sql`${alertActivity.action} <> 'created'`))
      .orderBy(asc(alertActivity.id));
    expect(history).toEqual([
      { action: 'updated', field: 'priority', before: 'critical', after: 'low' },
      { action: 'commented', field: null, before: null, after: expect.anything() },
      { action: 'updated', field: 'priority', before: 'low', after: 'high' },
      { action: 'updated', field: 'status', before: 'new', after: 'open' },
    ]);
    // Its audit trail too, in the order the steps acted, with the comment's own row between.
    const trail = await db()
      .select({
        action: auditLog.action,
        entity: auditLog.entity,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(
        sql`(${auditLog.entity} = 'alert' and ${auditLog.action} = 'update' and ${auditLog.entityId} = ${String(alert.id)}) or (${auditLog.entity} = 'discussion' and ${auditLog.entityId} in (select id::text from discussions where entity = 'alert' and entity_id = ${alert.id}))`,
      )
      .orderBy(asc(auditLog.id));
    expect(trail).toEqual([
      { action: 'update', entity: 'alert', before: { priority: 'critical' }, after: { priority: 'low' } },
      { action: 'create', entity: 'discussion', before: null, after: expect.anything() },
      { action: 'update', entity: 'alert', before: { priority: 'low' }, after: { priority: 'high' } },
      { action: 'update', entity: 'alert', before: { status: 'new' }, after: { status: 'open' } },
    ]);
  });

  it('rolls back every step of the transaction when it breaks, and the run completes once when taken up again', async () => {
    const { type, host } = fresh();
    await c.published(c.isolateWorkflow({ trigger_filter: { types: [type] }, task_list: fiveInDatabase }));
    const alert = await c.raiseAlert({ type, host_name: host, priority: 'critical' });
    // The dispatch only: the run is queued with its first step's job, not yet taken.
    await runDueJobs(db(), {
      workerId: 'dispatch-only',
      pollMs: 5,
      handlers: { 'workflow-dispatch': laneHandlers('workflows')['workflow-dispatch']! },
      schedules: [],
      log: quiet,
    });
    const [run] = await runsOf(alert.id);
    const stepsNow = async () =>
      (
        await db()
          .select({ status: workflowSteps.status })
          .from(workflowSteps)
          .where(eq(workflowSteps.runId, run!.run_id))
          .orderBy(workflowSteps.stepIndex)
      ).map((s) => s.status);
    // The connection breaks as the steps' transaction ends, after all five acted and were marked;
    // what is seen right after the rollback is kept.
    let broke: { steps: string[]; comments: number } | undefined;
    const breaking = new Proxy(db(), {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return async (work: (tx: Db) => Promise<unknown>) => {
          try {
            return await target.transaction(async (tx) => {
              const left = await work(tx as Db);
              if (broke === undefined && typeof left === 'object' && left !== null && 'end' in left)
                throw new Error('connection lost');
              return left;
            });
          } catch (error) {
            broke ??= { steps: await stepsNow(), comments: (await commentsOn(alert.id)).length };
            throw error;
          }
        };
      },
    }) as Db;
    const context = (database: Db) => ({
      db: database,
      job: { id: 0, kind: 'workflow-step', payload: { run_id: run!.run_id, step: 0 } } as unknown as JobRow,
      workerId: 'breaking',
      log: quiet,
      mail: undefined as never,
      now: () => new Date(),
      progress: async () => {},
    });
    await runStep(context(breaking));
    expect(broke).toEqual({ steps: ['running', 'pending', 'pending', 'pending', 'pending'], comments: 0 });
    // The same job went on a step a transaction: every step once, the first one's attempt counted once.
    await c.runWorkflowJobs();
    const done = await runDetail(run!.run_id);
    expect(done.status).toBe('succeeded');
    expect(done.steps.map((s: ListedStep) => [s.status, s.attempts])).toEqual(
      Array(5).fill(['succeeded', 1]),
    );
    expect(await commentsOn(alert.id)).toHaveLength(2);
    // Delivered again, the job walks past the steps done and acts no second time.
    await runStep(context(db()));
    expect(await commentsOn(alert.id)).toHaveLength(2);
  });

  it('gives a step with an outside effect a job of its own, and goes on together after it', async () => {
    const { type, host } = fresh();
    const agent = await c.fleet.enrol(c.acme(), { host_name: host });
    await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [
          { id: 'note', action_id: 'alert_comment', parameters: { message: 'Isolating' } },
          { id: 'isolate', action_id: 'agent_action', parameters: { action: 'isolate', duration: 3600 } },
          { id: 'after', action_id: 'alert_comment', parameters: { message: 'Isolated' } },
          { id: 'raise', action_id: 'alert_priority', parameters: { priority: 'low' } },
        ],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    expect(run!.status).toBe('succeeded');
    // The note alone in the first job; the isolation in a job of its own, the two after it with it.
    expect((await stepJobsOf(run!.run_id)).sort((a, b) => a.step - b.step)).toEqual([
      { step: 0, done: true },
      { step: 1, done: true },
    ]);
    expect(await isolationsOf(agent.agentId)).toHaveLength(1);
    expect((await commentsOn(alert.id)).map((d) => d.body).sort()).toEqual(['Isolated', 'Isolating']);
    const steps = (await runDetail(run!.run_id)).steps as ListedStep[];
    expect(steps.map((s) => [s.status, s.attempts])).toEqual(Array(4).fill(['succeeded', 1]));
  });
});
