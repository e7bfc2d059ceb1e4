import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runStep } from '../../../src/server/areas/workflows/engine/step.ts';
import { agentActions, discussions, jobs, users, workflowRuns } from '../../../src/server/db/schema/index.ts';
import type { JobRow } from '../../../src/server/jobs/types.ts';
import { backends } from '../../helpers/database.ts';
import { quiet, workflowsContext } from './helpers.ts';

describe.each(backends())('the workflow engine on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  const db = () => c.t().database.db;
  let n = 0;
  /** An alert type and host of this test alone, so workflows of other tests never match. */
  const fresh = () => {
    n++;
    return { type: `malware-${n}`, host: `ACME-WF-${String(n).padStart(3, '0')}` };
  };
  const runsOf = async (alertId: number) =>
    (await c.ok(f().analyst, 'GET', `/alerts/${alertId}/runs`)).runs as {
      run_id: string;
      status: string;
      version: number;
      error: string | null;
    }[];
  const runDetail = (runId: string) => c.ok(f().analyst, 'GET', `/runs/${runId}`);
  const commentsOn = (alertId: number) =>
    db()
      .select()
      .from(discussions)
      .where(and(eq(discussions.entity, 'alert'), eq(discussions.entityId, alertId)));
  const isolationsOf = (agentId: string) =>
    db()
      .select()
      .from(agentActions)
      .where(and(eq(agentActions.agentId, agentId), eq(agentActions.type, 'isolate')));

  it('runs a matching published workflow when an alert comes through the alert path: it comments and isolates the agent', async () => {
    const { type, host } = fresh();
    const agent = await c.fleet.enrol(c.acme(), { host_name: host });
    const workflow = await c.published(
      c.isolateWorkflow({ trigger_filter: { types: [type], priorities: ['critical'] } }),
    );
    const alert = await c.raiseAlert({ type, host_name: host });
    // Queued in the alert's own transaction; nothing has run yet.
    expect(await isolationsOf(agent.agentId)).toHaveLength(0);
    await c.runWorkflowJobs();

    const [run] = await runsOf(alert.id);
    expect(run).toMatchObject({ status: 'succeeded', version: 1, error: null });
    const detail = await runDetail(run!.run_id);
    expect(detail.workflow_id).toBe(workflow.workflow_id);
    expect(detail.steps).toMatchObject([
      {
        index: 0,
        task_id: 'comment',
        status: 'succeeded',
        attempts: 1,
        input: { message: `Isolating ${host} of Acme Test` },
      },
      {
        index: 1,
        task_id: 'isolate',
        status: 'succeeded',
        attempts: 1,
        output: { action: 'isolate', agent_id: agent.agentId },
      },
    ]);
    const comments = await commentsOn(alert.id);
    expect(comments.map((d) => [d.body, d.private, d.authorId])).toEqual([
      [`Isolating ${host} of Acme Test`, true, f().analyst.contactId],
    ]);
    const isolations = await isolationsOf(agent.agentId);
    expect(isolations).toHaveLength(1);
    expect(isolations[0]).toMatchObject({
      alertId: alert.id,
      status: 'queued',
      parameters: { length: 3600 },
    });
    expect(detail.steps[1].output.agent_action_id).toBe(isolations[0]!.actionId);
    // The per-workflow history shows the same run.
    const listed = (await c.ok(f().analyst, 'GET', `/workflows/${workflow.workflow_id}/runs`)).runs;
    expect(listed.map((r: { run_id: string }) => r.run_id)).toEqual([run!.run_id]);
    const details = (await c.ok(f().analyst, 'GET', '/workflows/details')).workflow_details;
    expect(
      details.find((w: { workflow_id: string }) => w.workflow_id === workflow.workflow_id).last_run,
    ).toMatchObject({
      run_id: run!.run_id,
      status: 'succeeded',
    });
  });

  it('never runs drafts, paused workflows, other customers’ workflows, filtered-out or muted alerts', async () => {
    const { type, host } = fresh();
    const filter = { types: [type] };
    await c.ok(
      f().analyst,
      'POST',
      '/workflows',
      c.isolateWorkflow({ name: 'Draft only', trigger_filter: filter }),
    );
    const paused = await c.published(c.isolateWorkflow({ name: 'Paused', trigger_filter: filter }));
    await c.ok(f().analyst, 'POST', `/workflows/${paused.workflow_id}/pause`, { paused: true });
    await c.published(
      c.isolateWorkflow({ name: 'Globex', customer_id: [c.globex()], trigger_filter: filter }),
    );
    await c.published(
      c.isolateWorkflow({ name: 'High only', trigger_filter: { ...filter, priorities: ['high'] } }),
    );
    const mute = await c.t().as(f().analyst, {
      method: 'POST',
      url: '/api/alerts/v1/mutes/',
      payload: {
        customer_id: c.acme(),
        conditions: [{ field: 'host_name', operator: 'equals', value: `${host}-MUTED` }],
      },
    });
    expect(mute.statusCode, mute.body).toBe(201);
    const alert = await c.raiseAlert({ type, host_name: host, priority: 'critical' });
    const muted = await c.raiseAlert({ type, host_name: `${host}-MUTED`, priority: 'high' });
    await c.runWorkflowJobs();
    expect(await runsOf(alert.id)).toEqual([]);
    expect(await runsOf(muted.id)).toEqual([]);
  });

  it('keeps a queued run on the version it started with when the workflow is edited and published again', async () => {
    const { type, host } = fresh();
    const v1 = await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message: 'version one' } }],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host });
    // The dispatch starts the run of version 1; then the workflow changes before its step runs.
    await c.runWorkflowJobs(); // dispatch and steps; run a second alert to keep one queued
    const second = await c.raiseAlert({ type, host_name: host });
    const edited = await c.ok(f().analyst, 'PUT', '/workflows', {
      workflow_id: v1.workflow_id,
      version: v1.version,
      task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message: 'version two' } }],
    });
    // Not yet published: the draft does not run.
    await c.runWorkflowJobs();
    expect((await commentsOn(second.id)).map((d) => d.body)).toEqual(['version one']);
    await c.ok(f().analyst, 'POST', `/workflows/${v1.workflow_id}/publish`, { version: edited.version });
    const third = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    expect((await commentsOn(alert.id)).map((d) => d.body)).toEqual(['version one']);
    expect((await commentsOn(third.id)).map((d) => d.body)).toEqual(['version two']);
    expect((await runsOf(third.id))[0]!.version).toBe(2);
  });

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

  it('acts with its publisher’s reach as it is when it runs: a publisher who lost it fails the run clearly', async () => {
    const { type, host } = fresh();
    const publisher = await c.addUser(`publisher-${n}@test.example`, 'Global', [
      'global_user',
      'read_all',
      'modify_all',
    ]);
    await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message: 'acting' } }],
      }),
      publisher,
    );
    await db()
      .update(users)
      .set({ permissions: ['global_user', 'read_all'] })
      .where(eq(users.contactId, publisher.contactId));
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    expect(run!.status).toBe('failed');
    expect(run!.error).toBe(
      'Step 1 failed: The person who published this workflow may no longer change workflows.',
    );
    expect(await commentsOn(alert.id)).toHaveLength(0);
  });

  it('never lets a workflow trigger itself (loop guard)', async () => {
    const { type, host } = fresh();
    await c.published(
      c.isolateWorkflow({
        trigger_id: 'alert_updated',
        trigger_filter: { types: [type] },
        task_list: [
          { id: 'bump', action_id: 'alert_priority', parameters: { priority: 'high' } },
          { id: 'ack', action_id: 'alert_status', parameters: { status: 'acknowledged' } },
        ],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host, priority: 'low' });
    const changed = await c.t().as(f().analyst, {
      method: 'PUT',
      url: `/api/alerts/v1/alerts/${alert.id}`,
      payload: { version: alert.version, status: 'open' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await c.runWorkflowJobs();
    await c.runWorkflowJobs();
    const runs = await runsOf(alert.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('succeeded');
    const after = (
      await c.t().as(f().analyst, { url: `/api/alerts/v1/alerts/${alert.id}?skip_viewed=true` })
    ).json();
    expect(after).toMatchObject({ priority: 'high', status: 'acknowledged' });
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

  it('fails an outbound request to an internal address at once, through the outbound guard', async () => {
    const { type, host } = fresh();
    await c.published(
      c.isolateWorkflow({
        trigger_filter: { types: [type] },
        task_list: [
          {
            id: 'hook',
            action_id: 'http_request',
            parameters: {
              url: 'http://127.0.0.1:9/hook',
              method: 'POST',
              body: '{"alert": {{trigger.alert.id}}}',
            },
          },
        ],
      }),
    );
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();
    const [run] = await runsOf(alert.id);
    expect(run!.status).toBe('failed');
    const detail = await runDetail(run!.run_id);
    expect(detail.steps[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      input: { body: `{"alert": ${alert.id}}` },
    });
    expect(detail.steps[0].error).toMatch(/127\.0\.0\.1|internal|loopback/i);
    expect(
      (await db().select().from(workflowRuns).where(eq(workflowRuns.id, run!.run_id)))[0]!.finishedAt,
    ).not.toBeNull();
  });
});
