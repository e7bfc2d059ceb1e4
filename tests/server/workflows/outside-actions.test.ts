import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runStep } from '../../../src/server/areas/workflows/engine/step.ts';
import { escalations, integrations, workflowSteps } from '../../../src/server/db/schema/index.ts';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import type { JobRow } from '../../../src/server/jobs/types.ts';
import { backends } from '../../helpers/database.ts';
import { twoStepPlan } from '../escalations/helpers.ts';
import { receiver } from '../integrations/helpers.ts';
import { quiet } from './helpers.ts';
import { outsideContext } from './outside-fixtures.ts';

describe.each(backends())('escalate and send-through-integration steps on %s', (backend) => {
  const outside = outsideContext(backend, 'outside', () => receiver());
  const { c, f, db, fresh, onlyRun, workflow } = outside;
  const hook = outside.server;

  const plan = async (customerId: string | null) => {
    const response = await c.t().as(f().analyst, {
      method: 'POST',
      url: '/api/escalations/v1/plans',
      payload: twoStepPlan(customerId, { name: `Plan ${fresh()}` }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().plan_id as string;
  };
  /** An HTTP integration sending to the local receiver, validated as a person would have. */
  const httpIntegration = async (path: string) => {
    const response = await c.t().as(f().analyst, {
      method: 'POST',
      url: '/api/integrations/v1/integrations',
      payload: { kind: 'http', name: `Hook ${path}`, settings: { url: hook().url(path), method: 'POST' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as string;
    await db().update(integrations).set({ validatedAt: new Date() }).where(eq(integrations.id, id));
    return id;
  };
  const escalationsOf = (alertId: number) =>
    db().select().from(escalations).where(eq(escalations.alertId, alertId));
  const receivedAt = (path: string) => hook().received.filter((r) => r.url === path);
  const stepJob = (runId: string, step: number) => ({
    db: db(),
    job: { id: 0, kind: 'workflow-step', payload: { run_id: runId, step } } as unknown as JobRow,
    workerId: 'again',
    log: quiet,
    mail: undefined as never,
    now: () => new Date(),
    progress: async () => {},
  });
  it('escalates the alert through the chosen plan and tells the integration, each once when delivered again', async () => {
    const type = fresh();
    const planId = await plan(null);
    const path = `/hook/${type}`;
    const integrationId = await httpIntegration(path);
    await c.published(
      workflow(type, [
        { id: 'escalate', action_id: 'escalate', parameters: { plan_id: planId } },
        {
          id: 'tell',
          action_id: 'call_integration',
          parameters: {
            integration_id: integrationId,
            title: 'Escalated {{trigger.alert.title}}',
            message: 'Escalation {{steps.escalate.escalation_id}}',
            severity: 'critical',
          },
        },
      ]),
    );
    const alert = await c.raiseAlert({ type });
    await c.runWorkflowJobs();
    const run = await onlyRun(alert.id);
    expect(run.status, JSON.stringify(run.steps)).toBe('succeeded');
    const [escalation] = await escalationsOf(alert.id);
    expect(escalation).toMatchObject({ planId, startedBy: f().analyst.contactId, state: 'running' });
    expect(run.steps[0].output).toMatchObject({ escalation_id: escalation!.id });
    expect(receivedAt(path)).toHaveLength(1);
    const body = JSON.parse(receivedAt(path)[0]!.body);
    expect(body).toMatchObject({
      title: 'Escalated Malware found',
      text: `Escalation ${escalation!.id}`,
      severity: 'critical',
      dedup_key: `${run.run_id}:1`,
    });

    // A worker that died after the steps committed: their jobs come round again, and do nothing.
    await runStep(stepJob(run.run_id, 0));
    await runStep(stepJob(run.run_id, 1));
    await c.runWorkflowJobs();
    expect(await escalationsOf(alert.id)).toHaveLength(1);
    expect(receivedAt(path)).toHaveLength(1);
  });

  it('does not send again a message whose worker died while sending: the step fails saying so', async () => {
    const type = fresh();
    const path = `/hook/${type}`;
    const integrationId = await httpIntegration(path);
    await c.published(
      workflow(type, [
        {
          id: 'tell',
          action_id: 'call_integration',
          parameters: { integration_id: integrationId, title: 'New alert' },
        },
      ]),
    );
    const alert = await c.raiseAlert({ type });
    // Only the dispatch: the run is queued, its step not yet taken.
    const { 'workflow-dispatch': dispatch } = laneHandlers('workflows');
    await runDueJobs(db(), {
      workerId: 'dispatch-only',
      pollMs: 5,
      handlers: { 'workflow-dispatch': dispatch! },
      schedules: [],
      log: quiet,
    });
    const [run] = (await c.ok(f().analyst, 'GET', `/alerts/${alert.id}/runs`)).runs;
    // As a worker leaves it when killed mid-send: the step running, its send marked ten minutes ago.
    const marked = Date.now() - 600_000;
    await db()
      .update(workflowSteps)
      .set({ status: 'running', attempts: 1, effectKey: `${run.run_id}:0:sending:${marked}` })
      .where(and(eq(workflowSteps.runId, run.run_id), eq(workflowSteps.stepIndex, 0)));
    await c.runWorkflowJobs();
    const detail = await onlyRun(alert.id);
    expect(detail.status).toBe('failed');
    expect(detail.steps[0].error).toMatch(/not sent again/);
    expect(receivedAt(path)).toHaveLength(0);
  });

  it('refuses a plan or integration the workflow cannot use, naming the field', async () => {
    const type = fresh();
    const globexPlan = await plan(c.globex());
    const acmePlan = await plan(c.acme());
    const missing = '00000000-0000-4000-8000-000000000000';
    const cases: [unknown[], string[], string][] = [
      [[{ id: 'e', action_id: 'escalate', parameters: { plan_id: globexPlan } }], [c.acme()], 'plan_id'],
      [[{ id: 'e', action_id: 'escalate', parameters: { plan_id: acmePlan } }], [], 'plan_id'],
      [[{ id: 'e', action_id: 'escalate', parameters: { plan_id: missing } }], [c.acme()], 'plan_id'],
      [[{ id: 'e', action_id: 'escalate', parameters: { plan_id: 'nope' } }], [c.acme()], 'plan_id'],
      [
        [{ id: 'i', action_id: 'call_integration', parameters: { integration_id: missing, title: 'x' } }],
        [c.acme()],
        'integration_id',
      ],
    ];
    for (const [tasks, customers, field] of cases) {
      const response = await c.call(f().analyst, 'POST', '/workflows', workflow(type, tasks, customers));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(`body.task_list[0].parameters.${field}`);
    }
    await c.ok(
      f().analyst,
      'POST',
      '/workflows',
      workflow(type, [{ id: 'e', action_id: 'escalate', parameters: { plan_id: acmePlan } }]),
    );
  });

  it('test runs say what would be escalated and sent, and start and send nothing', async () => {
    const type = fresh();
    const planId = await plan(null);
    const path = `/hook/${type}`;
    const integrationId = await httpIntegration(path);
    const alert = await c.raiseAlert({ type: `${type}-past` });
    const tested = await c.ok(f().analyst, 'POST', '/workflows/test', {
      alert_id: alert.id,
      definition: {
        trigger_id: 'alert_created',
        trigger_filter: {},
        order_list: [],
        task_list: [
          { id: 'escalate', action_id: 'escalate', parameters: { plan_id: planId } },
          {
            id: 'tell',
            action_id: 'call_integration',
            parameters: { integration_id: integrationId, title: 'About {{trigger.alert.title}}' },
          },
        ],
      },
    });
    expect(JSON.stringify(tested)).toContain(`escalation plan ${planId}`);
    expect(JSON.stringify(tested)).toContain('Send \\"About Malware found\\"');
    expect(await escalationsOf(alert.id)).toHaveLength(0);
    expect(receivedAt(path)).toHaveLength(0);
  });
});
