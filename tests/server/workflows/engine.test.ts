import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { engineContext } from './helpers.ts';

describe.each(backends())('the workflow engine on %s', (backend) => {
  const c = engineContext(backend);
  const { f, fresh, runsOf, runDetail, commentsOn, isolationsOf } = c;

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
});
