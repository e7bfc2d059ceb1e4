import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../../src/server/db/schema/index.ts';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import type { JobLogger } from '../../../src/server/jobs/types.ts';
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
