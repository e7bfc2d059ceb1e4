import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { agents, alerts } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

type User = { contactId: string };

describe.each(backends())('who may act on agents on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const db = () => c.t.database.db;

  /** 403 whose message names the permission the caller lacks. */
  const refusedForPermission = (response: LightMyRequestResponse) => {
    c.expectError(response, 403, 'forbidden');
    expect(response.json().error.message).toContain('modify_all');
  };

  /** An agent of Acme that stopped reporting long ago, so it may be deleted. */
  const inactiveAgent = async () => {
    const [row] = await db()
      .insert(agents)
      .values({
        customerId: acme(),
        hostName: 'ACME-OLD-01',
        platform: 'windows-10',
        architecture: 'x64',
        version: '4.10.2',
        heartbeatAt: new Date(Date.now() - 30 * 86_400_000),
      })
      .returning();
    return row!.agentId;
  };

  /** Every console call that acts on one agent, as that user. */
  const actingCalls = (agentId: string, user: User) => ({
    isolate: () => c.requestAction(agentId, 'isolate', {}, user),
    uninstall: () => c.requestAction(agentId, 'uninstall', {}, user),
    shutdown: () => c.requestAction(agentId, 'shutdown_system', {}, user),
    bulk: () =>
      c.t.as(user, {
        method: 'POST',
        url: '/api/agents/v1/agents/actions/full_disk_scan',
        payload: { agent_ids: [agentId] },
      }),
    matching: () =>
      c.t.as(user, {
        method: 'POST',
        url: '/api/agents/v1/agents/actions/restart_agent',
        payload: { match: { customer_ids: [acme()] } },
      }),
    terminal: () =>
      c.t.as(user, {
        method: 'PUT',
        url: `/api/agents/v1/agents/${agentId}/settings`,
        payload: { terminal_enabled: true },
      }),
    attribute: () =>
      c.t.as(user, {
        method: 'PUT',
        url: `/api/agents/v1/agents/${agentId}/attributes/owner`,
        payload: { value: 'it-ops' },
      }),
  });

  it('a customer user without modify_all is refused every agent action, naming the permission, and nothing changes', async () => {
    const agent = await c.enrol(acme());
    const { acmeUser } = c.t.fixtures;
    for (const [name, call] of Object.entries(actingCalls(agent.agentId, acmeUser))) {
      const response = await call();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      refusedForPermission(response);
    }
    const queued = (await c.actionsOf(agent.agentId)).actions;
    c.expectError(
      await c.t.as(acmeUser, {
        method: 'POST',
        url: `/api/agents/v1/actions/${queued[0]?.action_id ?? agent.agentId}/cancel`,
      }),
      403,
      'forbidden',
    );
    expect(queued).toEqual([]);
    const old = await inactiveAgent();
    refusedForPermission(await c.t.as(acmeUser, { method: 'DELETE', url: `/api/agents/v1/agents/${old}` }));
    const detail = await c.t.as(c.t.fixtures.analyst, { url: `/api/agents/v1/agents/${agent.agentId}` });
    expect(detail.json()).toMatchObject({ terminal_enabled: false, attributes: [] });
    // Reading stays open to them.
    expect(
      (await c.t.as(acmeUser, { url: `/api/agents/v1/agents/${agent.agentId}/actions` })).statusCode,
    ).toBe(200);
  });

  it('a customer user with modify_all acts on their own agents, uninstall, shutdown and delete included', async () => {
    const agent = await c.enrol(acme());
    const admin = await c.customerAdmin(acme());
    for (const [name, call] of Object.entries(actingCalls(agent.agentId, admin))) {
      const response = await call();
      expect([200, 201], `${name}: ${response.body}`).toContain(response.statusCode);
    }
    const old = await inactiveAgent();
    const deleted = await c.t.as(admin, { method: 'DELETE', url: `/api/agents/v1/agents/${old}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // Still only their own customers' agents.
    const foreign = await c.enrol(c.t.fixtures.globex.customerId, { host_name: 'GLOBEX-09' });
    c.expectError(await c.requestAction(foreign.agentId, 'isolate', {}, admin), 404, 'not_found');
  });

  it('staff keep what their permissions give: modify_all acts, read_all alone does not', async () => {
    const agent = await c.enrol(acme());
    expect((await c.requestAction(agent.agentId, 'uninstall')).statusCode).toBe(201);
    refusedForPermission(await c.requestAction(agent.agentId, 'isolate', {}, c.t.fixtures.viewer));
  });

  it('an endpoint action asked from an alert needs modify_all too; its other actions do not', async () => {
    const agent = await c.enrol(acme());
    const [alert] = await db()
      .insert(alerts)
      .values({
        customerId: acme(),
        title: 'Ransomware',
        type: 'edr',
        agentId: agent.agentId,
      })
      .returning();
    const url = (action: string) => `/api/alerts/v0/alerts/${alert!.id}/action/${action}`;
    const { acmeUser } = c.t.fixtures;
    refusedForPermission(await c.t.as(acmeUser, { method: 'POST', url: url('isolate'), payload: {} }));
    expect((await c.actionsOf(agent.agentId)).actions).toEqual([]);
    const identity = await c.t.as(acmeUser, {
      method: 'POST',
      url: url('revoke_sessions'),
      payload: { user: 'jdoe' },
    });
    expect(identity.statusCode, identity.body).toBe(201);
    const admin = await c.customerAdmin(acme());
    const own = await c.t.as(admin, { method: 'POST', url: url('isolate'), payload: {} });
    expect(own.statusCode, own.body).toBe(201);
  });
});
