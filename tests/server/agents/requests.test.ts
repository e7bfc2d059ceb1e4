import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { agents, alertActivity, alerts } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext, MISSING } from './helpers.ts';

describe.each(backends())('asking agents for actions on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const db = () => c.t.database.db;
  const badField = (response: LightMyRequestResponse, field: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  };

  it('validates each type’s parameters', async () => {
    const agent = await c.enrol(acme());
    const ask = (action: string, parameters: object) =>
      c.requestAction(agent.agentId, action, { parameters });
    badField(await ask('isolate', { length: 5 }), 'parameters.length');
    badField(await ask('isolate', { length: 90.5 }), 'parameters.length');
    badField(await ask('isolate', { length: '600' }), 'parameters.length');
    badField(await ask('quarantine_file', {}), 'parameters.path');
    badField(await ask('delete_file', { path: '  ' }), 'parameters.path');
    badField(await ask('delete_file', { path: 'C:\\x.exe', force: 'yes' }), 'parameters.force');
    badField(await ask('restart_agent', { length: 60 }), 'parameters.length');
    expect((await ask('reformat_disk', {})).statusCode).toBe(400);
    const quarantine = await ask('quarantine_file', { path: 'C:\\Users\\a\\evil.exe' });
    expect(quarantine.json()).toMatchObject({ parameters: { path: 'C:\\Users\\a\\evil.exe', force: false } });
    expect((await ask('isolate', {})).json().parameters).toEqual({ length: 3600 });
  });

  it('only people with modify_all ask for actions', async () => {
    const agent = await c.enrol(acme());
    const refused = await c.requestAction(agent.agentId, 'full_disk_scan', {}, c.t.fixtures.viewer);
    c.expectError(refused, 403, 'forbidden');
    const customer = await c.requestAction(agent.agentId, 'full_disk_scan', {}, c.t.fixtures.acmeUser);
    c.expectError(customer, 403, 'forbidden');
    const own = await c.requestAction(agent.agentId, 'full_disk_scan', {}, await c.customerAdmin(acme()));
    expect(own.statusCode).toBe(201);
    c.expectError(await c.requestAction(MISSING, 'full_disk_scan'), 404, 'not_found');
  });

  it('an action started from an alert is linked to it and appears in its activity', async () => {
    const agent = await c.enrol(acme());
    const [alert] = await db()
      .insert(alerts)
      .values({ customerId: acme(), title: 'Ransomware', type: 'edr' })
      .returning();
    const [foreign] = await db()
      .insert(alerts)
      .values({ customerId: c.t.fixtures.globex.customerId, title: 'Other', type: 'edr' })
      .returning();
    badField(await c.requestAction(agent.agentId, 'isolate', { alert_id: foreign!.id }), 'alert_id');
    const linked = await c.requestAction(agent.agentId, 'isolate', { alert_id: alert!.id });
    expect(linked.json()).toMatchObject({ alert_id: alert!.id, case_id: null });
    const activity = await db().select().from(alertActivity).where(eq(alertActivity.alertId, alert!.id));
    expect(activity).toEqual([
      expect.objectContaining({
        action: 'action_requested',
        actorId: c.t.fixtures.analyst.contactId,
        after: {
          action: 'isolate',
          parameters: { length: 3600 },
          agent_ids: [agent.agentId],
          agent_action_ids: [linked.json().action_id],
        },
      }),
    ]);
  });

  it('on a selection: one action per agent, or nothing when one of them is out of reach', async () => {
    const a = await c.enrol(acme(), { host_name: 'SEL-A' });
    const b = await c.enrol(acme(), { host_name: 'SEL-B' });
    const url = '/api/agents/v1/agents/actions/full_disk_scan';
    const post = (payload: object) => c.t.as(c.t.fixtures.analyst, { method: 'POST', url, payload });
    const done = await post({ agent_ids: [a.agentId, b.agentId, a.agentId] });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().count).toBe(2);
    const both = await c.t.as(c.t.fixtures.analyst, {
      url: `/api/agents/v1/agents/actions?ids=${a.agentId}&ids=${b.agentId}`,
    });
    expect(
      both
        .json()
        .actions.map((x: { action_id: string }) => x.action_id)
        .sort(),
    ).toEqual([...done.json().action_ids].sort());
    const partly = await post({ agent_ids: [a.agentId, MISSING] });
    c.expectError(partly, 404, 'not_found');
    expect(partly.json().error.message).toBe('1 of the 2 agents was not found; nothing was queued.');
    badField(await post({}), 'body');
    badField(await post({ agent_ids: [a.agentId], match: {} }), 'body');
  });

  it('on all that match: by customer, host name and state', async () => {
    const isolated = await c.enrol(acme(), { host_name: 'MATCH-ISO' });
    await c.enrol(acme(), { host_name: 'MATCH-FREE' });
    await db().update(agents).set({ isIsolated: true }).where(eq(agents.agentId, isolated.agentId));
    const response = await c.t.as(c.t.fixtures.analyst, {
      method: 'POST',
      url: '/api/agents/v1/agents/actions/deisolate',
      payload: { match: { customer_ids: [acme()], host_name: 'match-', states: ['isolated'] } },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().count).toBe(1);
    const actions = await c.actionsOf(isolated.agentId);
    expect(actions.actions.map((x) => x.action_id)).toEqual(response.json().action_ids);
    expect(actions.is_active).toBe(true);
  });

  it('deletes only inactive agents, and the credential dies with the agent', async () => {
    const active = await c.enrol(acme(), { host_name: 'DEL-ACTIVE' });
    const refused = await c.t.as(c.t.fixtures.analyst, {
      method: 'DELETE',
      url: `/api/agents/v1/agents/${active.agentId}`,
    });
    c.expectError(refused, 409, 'conflict');
    expect(refused.json().error.message).toBe('Only inactive agents can be deleted: DEL-ACTIVE is new.');
    const silent = await c.enrol(acme(), { host_name: 'DEL-SILENT' });
    await c.requestAction(silent.agentId, 'full_disk_scan');
    await db()
      .update(agents)
      .set({ heartbeatAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(agents.agentId, silent.agentId));
    const viewer = await c.t.as(c.t.fixtures.viewer, {
      method: 'DELETE',
      url: `/api/agents/v1/agents/${silent.agentId}`,
    });
    c.expectError(viewer, 403, 'forbidden');
    const deleted = await c.t.as(c.t.fixtures.analyst, {
      method: 'DELETE',
      url: `/api/agents/v1/agents/${silent.agentId}`,
    });
    expect(deleted.statusCode).toBe(204);
    c.expectError(await c.checkIn(silent), 401, 'unauthorized');
    const list = await c.t.as(c.t.fixtures.analyst, { url: '/api/agents/v1/agents/' });
    expect(list.json().agents.map((a: { host_name: string }) => a.host_name)).not.toContain('DEL-SILENT');
  });
});
