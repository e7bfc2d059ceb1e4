import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SimulatedEndpoint } from '../../../tools/agent-simulator/endpoint.ts';
import { runFleet, SimulatedAgent } from '../../../tools/agent-simulator/fleet.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

describe.each(backends())('the agent simulator against a live server, on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  let base = '';
  const listening = async () => {
    if (!base) {
      await c.t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(c.t.app.server.address() as AddressInfo).port}`;
    }
    return base;
  };
  const read = async (agentId: string, what: string) =>
    (await c.t.as(c.t.fixtures.analyst, { url: `/api/agents/v1/agents/${agentId}/${what}` })).json();

  it('enrols, reports its endpoint, and carries out isolate and de-isolate with receipts', async () => {
    const url = await listening();
    const { token } = await c.createToken(acme());
    const agent = new SimulatedAgent(new SimulatedEndpoint('TEST', 0, 1), url, 60);
    await agent.enrol(token);
    const agentId = agent.client.agentId!;
    expect(agent.client.customerId).toBe(acme());
    expect((await read(agentId, 'inventory')).length).toBeGreaterThan(3);
    expect((await read(agentId, 'login-locations')).logins.length).toBeGreaterThan(0);

    const isolate = (await c.requestAction(agentId, 'isolate', { parameters: { length: 600 } })).json();
    await agent.tick();
    const done = (await c.actionsOf(agentId)).actions.find((a) => a.action_id === isolate.action_id)!;
    expect(done.status).toBe('succeeded');
    expect(done.exit_code).toBe(0);
    expect(done.steps.map((s) => s.status)).toEqual(['queued', 'delivered', 'running', 'succeeded']);
    expect(done.steps.at(-1)!.receipt).toContain('TEST-WS-001');
    expect(agent.endpoint.isolated).toBe(true);
    const list = (await c.t.as(c.t.fixtures.analyst, { url: '/api/agents/v1/agents/' })).json();
    expect(list.agents.find((a: { agent_id: string }) => a.agent_id === agentId).is_isolated).toBe(true);
    expect((await read(agentId, 'issues')).issues.map((i: { code: string }) => i.code)).toEqual([
      'network_isolated',
    ]);

    await c.requestAction(agentId, 'deisolate');
    await agent.tick();
    // Delivered again after a lost answer, an action runs once.
    await agent.tick();
    expect(agent.endpoint.isolated).toBe(false);
    const history = (await c.actionsOf(agentId)).actions;
    expect(history.filter((a) => a.status === 'succeeded')).toHaveLength(2);
  });

  it('uploads a diagnostics bundle when asked, and the run of a fleet stops when told', async () => {
    const url = await listening();
    const { token } = await c.createToken(acme(), { use_limit: 2 });
    const controller = new AbortController();
    const lines: string[] = [];
    const running = runFleet(
      { url, token, count: 2, interval: 10, prefix: 'FLEET', customerId: acme(), log: (l) => lines.push(l) },
      controller.signal,
    );
    await expect
      .poll(() => lines.filter((l) => l.startsWith('enrolled')).length, { timeout: 20_000 })
      .toBe(2);
    const agentId = lines[0]!.split(' as ')[1]!;
    const { action_id } = (await c.requestAction(agentId, 'upload_diagnostics')).json();
    await expect
      .poll(async () => (await read(agentId, 'diagnostics')).bundles[0]?.status, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe('complete');
    const bundle = (await read(agentId, 'diagnostics')).bundles[0];
    expect(bundle.action_id).toBe(action_id);
    expect(bundle.chunk_count).toBeGreaterThan(1);
    controller.abort();
    expect(await running).toHaveLength(2);
  }, 60_000);

  it('refuses a token of another customer than the one named', async () => {
    const url = await listening();
    const { token } = await c.createToken(c.t.fixtures.globex.customerId);
    const run = runFleet(
      { url, token, count: 1, interval: 60, prefix: 'X', customerId: acme() },
      new AbortController().signal,
    );
    await expect(run).rejects.toThrow(/belongs to customer/);
  });
});
