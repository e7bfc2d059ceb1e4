import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { runScheduledWorkflows } from '../../../src/server/areas/workflows/engine/schedule.ts';
import {
  agentActions,
  discussions,
  mailOutbox,
  users,
  workflowRuns,
} from '../../../src/server/db/schema/index.ts';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import type { JobLogger, JobRow } from '../../../src/server/jobs/types.ts';
import { queueWorkflowEvents } from '../../../src/server/platform/workflow-events.ts';
import { DEMO_TEMPLATES } from '../../../src/server/seed/workflows.ts';
import type { Backend } from '../../helpers/database.ts';
import { fleetContext } from '../agents/helpers.ts';

export type User = { contactId: string };
export const quiet: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** The app of one backend, its agents, and what the workflow tests do with them. */
export function workflowsContext(backend: Backend) {
  const fleet = fleetContext(backend);
  const t = () => fleet.t;
  const acme = () => fleet.t.fixtures.acme.customerId;
  const globex = () => fleet.t.fixtures.globex.customerId;

  const call = (user: User | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
    fleet.t.as(user, {
      method,
      url: `/api/soar/v1${url}`,
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
    });

  /** Answers 2xx or fails the test with the body. */
  const ok = async (user: User, method: InjectOptions['method'], url: string, payload?: unknown) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.statusCode === 204 ? null : response.json();
  };

  /** A user of the test partner with the given role level, customers and permissions. */
  const addUser = async (
    email: string,
    roleLevel: 'Global' | 'Customer',
    permissions: string[],
    customerIds: string[] = [],
  ) => {
    const [row] = await fleet.t.database.db
      .insert(users)
      .values({
        partnerId: fleet.t.fixtures.partner.partnerId,
        email,
        firstName: 'Test',
        lastName: 'User',
        roleLevel,
        permissions,
        validCustomerIds: customerIds,
      })
      .returning();
    return row!;
  };

  /** Runs every due job of the workflows lane (and what they queue) until none is left. */
  const runWorkflowJobs = (now?: () => Date) =>
    runDueJobs(fleet.t.database.db, {
      workerId: 'test-workflows',
      pollMs: 5,
      handlers: laneHandlers('workflows'),
      schedules: [],
      log: quiet,
      ...(now && { now }),
    });

  /** An alert through the alert path (POST /alerts), as the analyst unless said otherwise. */
  const raiseAlert = async (payload: Record<string, unknown>, user: User = fleet.t.fixtures.analyst) => {
    const response = await fleet.t.as(user, {
      method: 'POST',
      url: '/api/alerts/v1/alerts/',
      payload: {
        title: 'Malware found',
        type: 'malware',
        priority: 'critical',
        customer_id: acme(),
        ...payload,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; agent_id: string | null; version: number };
  };

  /** Isolate on critical malware: a comment naming the host, then isolate its agent. */
  const isolateWorkflow = (over: Record<string, unknown> = {}) => ({
    name: 'Isolate on critical malware',
    customer_id: [acme()],
    trigger_id: 'alert_created',
    trigger_filter: { types: ['malware'], priorities: ['critical'] },
    task_list: [
      {
        id: 'comment',
        action_id: 'alert_comment',
        parameters: {
          message: 'Isolating {{trigger.alert.host_name}} of {{trigger.customer.name}}',
          private: true,
        },
      },
      { id: 'isolate', action_id: 'agent_action', parameters: { action: 'isolate', duration: 3600 } },
    ],
    ...over,
  });

  /** Creates and publishes a workflow as the analyst; answers it as published. */
  const published = async (body: Record<string, unknown>, user: User = fleet.t.fixtures.analyst) => {
    const created = await ok(user, 'POST', '/workflows', body);
    return ok(user, 'POST', `/workflows/${created.workflow_id}/publish`, { version: created.version });
  };

  return {
    fleet,
    t,
    acme,
    globex,
    call,
    ok,
    addUser,
    runWorkflowJobs,
    raiseAlert,
    isolateWorkflow,
    published,
  };
}

/** A run as the per-alert history lists it. */
export type ListedRun = { run_id: string; status: string; version: number; error: string | null };

/**
 * The workflow context with what the engine tests look at: fresh alert types and hosts, an
 * alert's runs, a run's steps, the comments on an alert and the isolations of an agent.
 */
export function engineContext(backend: Backend) {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  const db = () => c.t().database.db;
  let n = 0;
  /** An alert type and host of this test alone, so workflows of other tests never match. */
  const fresh = () => {
    n++;
    return { n, type: `malware-${n}`, host: `ACME-WF-${String(n).padStart(3, '0')}` };
  };
  const runsOf = async (alertId: number) =>
    (await c.ok(f().analyst, 'GET', `/alerts/${alertId}/runs`)).runs as ListedRun[];
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
  return { ...c, f, db, fresh, runsOf, runDetail, commentsOn, isolationsOf };
}

/** The schedule job's tick at this moment, as the job runner would run it. */
export function scheduleTick(c: ReturnType<typeof workflowsContext>, at: Date) {
  return runScheduledWorkflows({
    db: c.t().database.db,
    job: { id: 0, kind: 'workflow-schedules', payload: {} } as unknown as JobRow,
    workerId: 'test',
    log: quiet,
    mail: undefined as never,
    now: () => at,
    progress: async () => {},
  });
}

/** The seeded templates made into published workflows for Acme as they are, and what they sent. */
export function seededTemplatesContext(backend: Backend) {
  const c = workflowsContext(backend);
  const db = () => c.t().database.db;
  const fromTemplate = (name: string) => {
    const found = DEMO_TEMPLATES.find((t) => t.name === name);
    expect(found, name).toBeDefined();
    return c.published({ name, customer_id: [c.acme()], ...found!.definition });
  };
  /** The workflow's one run, which must have succeeded. */
  const succeededRun = async (workflowId: string) => {
    const runs = await db().select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status, String(runs[0]!.error)).toBe('succeeded');
    return runs[0]!;
  };
  /** Publishes the template, fires its trigger once for Acme with this event and runs what it queued. */
  const runOnEvent = async (name: string, trigger: string, data: Record<string, unknown>) => {
    const workflow = await fromTemplate(name);
    await queueWorkflowEvents(db(), [
      { trigger, customerId: c.acme(), key: `seeded-${trigger}-${workflow.workflow_id}`, data },
    ]);
    await c.runWorkflowJobs();
    return succeededRun(workflow.workflow_id);
  };
  const mailsWith = async (subject: string) =>
    (await db().select().from(mailOutbox)).filter((m) => m.subject === subject);
  return { ...c, db, fromTemplate, succeededRun, runOnEvent, mailsWith };
}
