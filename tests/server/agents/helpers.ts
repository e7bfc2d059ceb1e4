import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { components } from '../../../src/api/schema.d.ts';
import { users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import type { Backend } from '../../helpers/database.ts';

export const MISSING = '00000000-0000-4000-8000-000000000000';
type User = { contactId: string };

/** An enrolled agent as the agent itself knows it. */
export interface EnrolledAgent {
  agentId: string;
  customerId: string;
  credential: string;
}

/** One app per backend for a test file, and the calls an agent and the console make. */
export function fleetContext(backend: Backend, env: NodeJS.ProcessEnv = {}) {
  const ctx = { t: undefined as unknown as TestApp };
  beforeAll(async () => {
    ctx.t = await createTestApp(backend, env);
  });
  afterAll(() => ctx.t?.close());

  /** A call as an agent: no cookie, no XSRF header, only its credential. */
  const agentCall = (credential: string | null, options: InjectOptions) =>
    ctx.t.app.inject({
      ...options,
      headers: { ...(credential ? { authorization: `Bearer ${credential}` } : {}), ...options.headers },
    });

  const createToken = async (
    customerId: string,
    extra: Record<string, unknown> = {},
    user: User = ctx.t.fixtures.analyst,
  ) => {
    const response = await ctx.t.as(user, {
      method: 'POST',
      url: '/api/agents/v1/enrolment-tokens',
      payload: { customer_id: customerId, name: 'Test installer', ...extra },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { token: string; enrolment_token: { token_id: string } };
  };

  const enrolWith = (token: string, extra: Record<string, unknown> = {}) =>
    agentCall(null, {
      method: 'POST',
      url: '/api/agent/v1/enrol',
      payload: {
        token,
        host_name: 'ACME-WS-01',
        platform: 'windows-11',
        architecture: 'x64',
        version: '4.12.3',
        ...extra,
      },
    });

  /** A fresh token of the customer and an agent enrolled with it. */
  const enrol = async (customerId: string, extra: Record<string, unknown> = {}): Promise<EnrolledAgent> => {
    const { token } = await createToken(customerId);
    const response = await enrolWith(token, extra);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    return { agentId: body.agent_id, customerId: body.customer_id, credential: body.credential };
  };

  const checkIn = (agent: EnrolledAgent | string | null, extra: Record<string, unknown> = {}) =>
    agentCall(agent === null || typeof agent === 'string' ? agent : agent.credential, {
      method: 'POST',
      url: '/api/agent/v1/check-in',
      payload: { version: '4.12.3', health: 'healthy', ip: '10.0.0.5', ...extra },
    });

  const report = (agent: EnrolledAgent, actionId: string, payload: Record<string, unknown>) =>
    agentCall(agent.credential, {
      method: 'POST',
      url: `/api/agent/v1/actions/${actionId}/report`,
      payload,
    });

  const requestAction = (
    agentId: string,
    action: string,
    payload: Record<string, unknown> = {},
    user: User = ctx.t.fixtures.analyst,
  ) => ctx.t.as(user, { method: 'POST', url: `/api/agents/v1/agents/${agentId}/actions/${action}`, payload });

  const actionsOf = async (agentId: string, user: User = ctx.t.fixtures.analyst) => {
    const response = await ctx.t.as(user, { url: `/api/agents/v1/agents/${agentId}/actions` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { is_active: boolean; actions: components['schemas']['AgentAction'][] };
  };

  /** A customer's own user with `modify_all` (the fixtures' customer users have no permission). */
  const customerAdmin = async (
    customerId: string,
    email = `admin-${customerId.slice(0, 8)}@customer.test`,
  ) => {
    const [user] = await ctx.t.database.db
      .insert(users)
      .values({
        partnerId: ctx.t.fixtures.partner.partnerId,
        email,
        firstName: 'Cuz',
        lastName: 'Admin',
        roleLevel: 'Customer',
        validCustomerIds: [customerId],
        permissions: ['modify_all'],
      })
      .onConflictDoNothing()
      .returning();
    return user ?? (await ctx.t.database.db.select().from(users)).find((u) => u.email === email)!;
  };

  const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(code);
  };

  return Object.assign(ctx, {
    agentCall,
    createToken,
    enrolWith,
    enrol,
    checkIn,
    report,
    requestAction,
    actionsOf,
    customerAdmin,
    expectError,
  });
}
