import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { fleetContext, MISSING } from './helpers.ts';

describe.each(backends())('one response action read by its id on %s', (backend) => {
  const c = fleetContext(backend);
  const read = (actionId: string, user = c.t.fixtures.analyst) =>
    c.t.as(user, { url: `/api/agents/v1/actions/${actionId}` });

  it('answers the action as it is now, with the steps it went through', async () => {
    const agent = await c.enrol(c.t.fixtures.acme.customerId);
    const queued = (await c.requestAction(agent.agentId, 'full_disk_scan')).json();
    const before = await read(queued.action_id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual(queued);
    await c.checkIn(agent);
    await c.report(agent, queued.action_id, { status: 'running', receipt: 'scan-1' });
    const after = (await read(queued.action_id)).json();
    expect(after).toMatchObject({ action_id: queued.action_id, status: 'running' });
    expect(after.steps.map((s: { status: string }) => s.status)).toEqual(['queued', 'delivered', 'running']);
    // The same action the agent's list shows.
    const listed = (await c.actionsOf(agent.agentId)).actions.find((a) => a.action_id === queued.action_id);
    expect(after).toEqual(listed);
  });

  it('is not found for another customer’s user, nor when missing, and refuses a malformed id', async () => {
    const agent = await c.enrol(c.t.fixtures.acme.customerId, { host_name: 'ACME-READ-02' });
    const { action_id } = (await c.requestAction(agent.agentId, 'restart_agent')).json();
    c.expectError(await read(action_id, c.t.fixtures.globexUser), 404, 'not_found');
    expect((await read(action_id, c.t.fixtures.acmeUser)).statusCode).toBe(200);
    c.expectError(await read(MISSING), 404, 'not_found');
    c.expectError(await read('not-an-id'), 400, 'bad_request');
  });
});
