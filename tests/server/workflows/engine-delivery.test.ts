import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startRun } from '../../../src/server/areas/workflows/engine/runs.ts';
import { runStep } from '../../../src/server/areas/workflows/engine/step.ts';
import { jobs, workflowRuns, workflowSteps, workflowVersions } from '../../../src/server/db/schema/index.ts';
import type { JobRow } from '../../../src/server/jobs/types.ts';
import { backends } from '../../helpers/database.ts';
import { engineContext, quiet } from './helpers.ts';

describe.each(backends())("the workflow engine's re-deliveries, re-runs and cancels on %s", (backend) => {
  const c = engineContext(backend);
  const { f, db, fresh, runsOf, runDetail, commentsOn, isolationsOf } = c;

  it('acts once when a step is delivered again, and a queued run keeps its version across a publish', async () => {
    const { type, host } = fresh();
    const agent = await c.fleet.enrol(c.acme(), { host_name: host });
    const workflow = await c.published(c.isolateWorkflow({ trigger_filter: { types: [type] } }));
    const alert = await c.raiseAlert({ type, host_name: host });
    // Only the dispatch: the run is queued with its first step's job.
    const dispatch = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'workflow-dispatch')));
    expect(dispatch.length).toBeGreaterThan(0);
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    // A worker that died after its step committed: the same step's job comes round again.
    const context = (step: number) => ({
      db: db(),
      job: { id: 0, kind: 'workflow-step', payload: { run_id: run!.run_id, step } } as unknown as JobRow,
      workerId: 'again',
      log: quiet,
      mail: undefined as never,
      now: () => new Date(),
      progress: async () => {},
    });
    await runStep(context(0));
    await runStep(context(1));
    await c.runWorkflowJobs();
    expect(await isolationsOf(agent.agentId)).toHaveLength(1);
    expect(await commentsOn(alert.id)).toHaveLength(1);
    const detail = await runDetail(run!.run_id);
    expect(detail.steps.map((s: { attempts: number }) => s.attempts)).toEqual([1, 1]);
    expect(detail.workflow_id).toBe(workflow.workflow_id);
  });

  it('starts a run once for its dispatch key: the trigger delivered again adds no run, steps or job', async () => {
    const { type, host } = fresh();
    await c.published(c.isolateWorkflow({ trigger_filter: { types: [type] } }));
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const [started] = await db().select().from(workflowRuns).where(eq(workflowRuns.alertId, alert.id));
    const [version] = await db()
      .select()
      .from(workflowVersions)
      .where(
        and(
          eq(workflowVersions.workflowId, started!.workflowId),
          eq(workflowVersions.version, started!.version),
        ),
      );
    const counts = async () => ({
      runs: (await db().select().from(workflowRuns).where(eq(workflowRuns.alertId, alert.id))).length,
      steps: (await db().select().from(workflowSteps).where(eq(workflowSteps.runId, started!.id))).length,
      stepJobs: (await db().select().from(jobs).where(eq(jobs.kind, 'workflow-step'))).length,
    });
    const before = await counts();
    expect(before).toMatchObject({ runs: 1, steps: version!.definition.task_list.length });
    const again = {
      partnerId: started!.partnerId,
      workflowId: started!.workflowId,
      version: started!.version,
      definition: version!.definition,
      customerId: started!.customerId,
      alertId: alert.id,
      triggerData: started!.triggerData as Record<string, unknown>,
      depth: started!.depth,
    };
    expect(await startRun(db(), { ...again, dispatchKey: started!.dispatchKey })).toBeNull();
    expect(await counts()).toEqual(before);
    // A new key starts a run: queued, with its steps pending and its first step's job.
    const fresh2 = await startRun(db(), { ...again, dispatchKey: `${started!.dispatchKey}-again` });
    expect(fresh2).toMatchObject({ status: 'queued', alertId: alert.id, workflowId: started!.workflowId });
    expect(fresh2!.createdAt).toBeInstanceOf(Date);
    const steps = await db().select().from(workflowSteps).where(eq(workflowSteps.runId, fresh2!.id));
    expect(steps.map((step) => [step.stepIndex, step.status])).toEqual(
      version!.definition.task_list.map((_, index) => [index, 'pending']),
    );
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `${fresh2!.id}:0`));
    expect(job).toMatchObject({
      kind: 'workflow-step',
      payload: { run_id: fresh2!.id, step: 0 },
      partnerId: started!.partnerId,
    });
  });

  it('re-runs a finished run from a step: earlier steps carried over, the rest done again', async () => {
    const { type, host } = fresh();
    const agent = await c.fleet.enrol(c.acme(), { host_name: host });
    await c.published(c.isolateWorkflow({ trigger_filter: { types: [type] } }));
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const [first] = await runsOf(alert.id);
    const beyond = await c.call(f().analyst, 'POST', `/runs/${first!.run_id}/rerun`, { from_step: 5 });
    expect(beyond.statusCode).toBe(400);
    expect(
      (await c.call(f().viewer, 'POST', `/runs/${first!.run_id}/rerun`, { from_step: 1 })).statusCode,
    ).toBe(403);
    const rerun = await c.ok(f().analyst, 'POST', `/runs/${first!.run_id}/rerun`, { from_step: 1 });
    expect(rerun).toMatchObject({ rerun_of: first!.run_id, from_step: 1, status: 'queued', version: 1 });
    expect(rerun.steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'pending']);
    await c.runWorkflowJobs();
    const done = await runDetail(rerun.run_id);
    expect(done.status).toBe('succeeded');
    // The comment was carried over, not posted again; the isolation was asked again.
    expect(await commentsOn(alert.id)).toHaveLength(1);
    expect(await isolationsOf(agent.agentId)).toHaveLength(2);
  });

  it('cancels a queued run: its steps never act', async () => {
    const { type, host } = fresh();
    await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [
          { id: 'pause', action_id: 'wait', parameters: { minutes: 5 } },
          { id: 'note', action_id: 'alert_comment', parameters: { message: 'too late' } },
        ],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    expect(run!.status).toBe('running'); // waiting five minutes before the comment
    const cancelled = await c.ok(f().analyst, 'POST', `/runs/${run!.run_id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'cancelled']);
    const later = new Date(Date.now() + 10 * 60_000);
    await c.runWorkflowJobs(() => later);
    expect(await commentsOn(alert.id)).toHaveLength(0);
    expect((await c.call(f().analyst, 'POST', `/runs/${run!.run_id}/rerun`, {})).statusCode).toBe(201);
  });

  it('runs the alert’s workflows again when someone asks on the alert', async () => {
    const { type, host } = fresh();
    await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [
          { id: 'note', action_id: 'alert_comment', parameters: { message: 'seen {{trigger.alert.id}}' } },
        ],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const asked = await c
      .t()
      .as(f().analyst, { method: 'POST', url: `/api/alerts/v1/alerts/${alert.id}/workflows/rerun` });
    expect(asked.statusCode, asked.body).toBe(202);
    await c.runWorkflowJobs();
    const runs = await runsOf(alert.id);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect((await commentsOn(alert.id)).map((d) => d.body)).toEqual([`seen ${alert.id}`, `seen ${alert.id}`]);
  });
});
