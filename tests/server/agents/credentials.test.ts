import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentActions, agentEnrolmentTokens } from '../../../src/server/db/schema/index.ts';
import { withScope } from '../../../src/server/db/tenancy.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

describe.each(backends())('an agent credential acts for its agent only, on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const globex = () => c.t.fixtures.globex.customerId;

  it('cannot see, take up or report on another agent’s actions, of its customer or another', async () => {
    const mine = await c.enrol(acme());
    const neighbour = await c.enrol(acme(), { host_name: 'ACME-WS-02' });
    const foreign = await c.enrol(globex(), { host_name: 'GLOBEX-01' });
    const theirs = (await c.requestAction(neighbour.agentId, 'full_disk_scan')).json();
    const foreignAction = (await c.requestAction(foreign.agentId, 'full_disk_scan')).json();

    expect((await c.checkIn(mine)).json().actions).toEqual([]);
    for (const id of [theirs.action_id, foreignAction.action_id]) {
      c.expectError(await c.report(mine, id, { status: 'succeeded', exit_code: 0 }), 404, 'not_found');
    }
    const untouched = await c.t.database.db
      .select({ status: agentActions.status })
      .from(agentActions)
      .where(eq(agentActions.actionId, theirs.action_id));
    expect(untouched).toEqual([{ status: 'queued' }]);
  });

  it('refuses a credential that names one agent with another’s secret, or none at all', async () => {
    const a = await c.enrol(acme());
    const b = await c.enrol(acme(), { host_name: 'ACME-WS-03' });
    const forged = `${b.agentId}.${a.credential.split('.')[1]}`;
    for (const credential of [forged, 'garbage', null]) {
      c.expectError(await c.checkIn(credential), 401, 'unauthorized');
    }
  });

  it('agent routes take no console session, and console routes take no agent credential', async () => {
    const agent = await c.enrol(acme());
    const session = await c.t.tokenFor(c.t.fixtures.admin);
    c.expectError(await c.checkIn(session), 401, 'unauthorized');
    const asAgent = await c.agentCall(agent.credential, { url: '/api/agents/v1/agents/' });
    c.expectError(asAgent, 401, 'unauthorized');
  });

  it('is checked before the request is validated (401 before 400)', async () => {
    const response = await c.agentCall('nonsense', {
      method: 'POST',
      url: '/api/agent/v1/check-in',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });

  it('dies when the agent is uninstalled', async () => {
    const agent = await c.enrol(acme());
    const { action_id } = (await c.requestAction(agent.agentId, 'uninstall')).json();
    await c.checkIn(agent);
    await c.report(agent, action_id, { status: 'succeeded', exit_code: 0 });
    c.expectError(await c.checkIn(agent), 401, 'unauthorized');
  });

  it('console calls on agents and actions stay within the caller’s customers', async () => {
    const foreign = await c.enrol(globex(), { host_name: 'GLOBEX-02' });
    const action = (await c.requestAction(foreign.agentId, 'full_disk_scan')).json();
    // A customer user who may act on agents: their own customer's only.
    const acmeUser = await c.customerAdmin(acme());
    c.expectError(await c.requestAction(foreign.agentId, 'isolate', {}, acmeUser), 404, 'not_found');
    const list = await c.t.as(acmeUser, { url: `/api/agents/v1/agents/${foreign.agentId}/actions` });
    c.expectError(list, 404, 'not_found');
    const many = await c.t.as(acmeUser, { url: `/api/agents/v1/agents/actions?ids=${foreign.agentId}` });
    expect(many.json()).toEqual({ actions: [] });
    const cancel = await c.t.as(acmeUser, {
      method: 'POST',
      url: `/api/agents/v1/actions/${action.action_id}/cancel`,
    });
    c.expectError(cancel, 404, 'not_found');
    const bulk = await c.t.as(acmeUser, {
      method: 'POST',
      url: '/api/agents/v1/agents/actions/isolate',
      payload: { agent_ids: [foreign.agentId] },
    });
    c.expectError(bulk, 404, 'not_found');
    const all = await c.t.as(acmeUser, {
      method: 'POST',
      url: '/api/agents/v1/agents/actions/full_disk_scan',
      payload: { match: { customer_ids: [globex()] } },
    });
    expect(all.json()).toEqual({ count: 0, action_ids: [] });
    c.expectError(
      await c.t.as(acmeUser, { method: 'DELETE', url: `/api/agents/v1/agents/${foreign.agentId}` }),
      404,
      'not_found',
    );
  });

  it('row-level security hides other customers’ tokens and actions from a query without any filter', async () => {
    await c.createToken(globex());
    const foreign = await c.enrol(globex(), { host_name: 'GLOBEX-03' });
    await c.requestAction(foreign.agentId, 'full_disk_scan');
    const scope = {
      partnerId: c.t.fixtures.partner.partnerId,
      userId: c.t.fixtures.acmeUser.contactId,
      customerIds: [acme()],
      global: false,
    };
    const seen = await withScope(c.t.database.db, scope, async (tx) => ({
      tokens: await tx.select({ customerId: agentEnrolmentTokens.customerId }).from(agentEnrolmentTokens),
      actions: await tx.select({ customerId: agentActions.customerId }).from(agentActions),
    }));
    expect([...seen.tokens, ...seen.actions].every((r) => r.customerId === acme())).toBe(true);
    await expect(
      withScope(c.t.database.db, scope, (tx) =>
        tx.insert(agentActions).values({
          customerId: globex(),
          agentId: foreign.agentId,
          type: 'uninstall',
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ),
    ).rejects.toThrow();
  });
});
