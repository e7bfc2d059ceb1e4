import { describe, expect, it } from 'vitest';
import { cases } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

describe.each(backends())('agent actions started from a case on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const db = () => c.t.database.db;
  const caseActions = (id: number, user = c.t.fixtures.analyst) =>
    c.t.as(user, { url: `/api/cases/v1/cases/${id}/actions` });

  it('are linked to the case and appear in its activity with each step the agent reported', async () => {
    const agent = await c.enrol(acme());
    const [incident] = await db()
      .insert(cases)
      .values({ customerId: acme(), title: 'Ransomware on WS' })
      .returning();
    const [other] = await db()
      .insert(cases)
      .values({ customerId: acme(), title: 'Phishing wave' })
      .returning();
    const [foreign] = await db()
      .insert(cases)
      .values({ customerId: c.t.fixtures.globex.customerId, title: 'Globex outage' })
      .returning();

    // A case of another customer is refused and nothing is queued.
    const refused = await c.requestAction(agent.agentId, 'isolate', { case_id: foreign!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.map((d: { field: string }) => d.field)).toContain('case_id');
    expect((await c.actionsOf(agent.agentId)).actions).toEqual([]);

    const linked = await c.requestAction(agent.agentId, 'isolate', { case_id: incident!.id });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ case_id: incident!.id, alert_id: null });
    const unlinked = await c.requestAction(agent.agentId, 'full_disk_scan');
    expect(unlinked.statusCode).toBe(201);

    const queued = await caseActions(incident!.id);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().actions).toEqual([
      expect.objectContaining({ action_id: linked.json().action_id, type: 'isolate', status: 'queued' }),
    ]);
    expect((await caseActions(other!.id)).json().actions).toEqual([]);

    // The agent takes it and says how it ended: the case shows that, receipt and all.
    expect((await c.checkIn(agent)).statusCode).toBe(200);
    const actionId = linked.json().action_id;
    expect((await c.report(agent, actionId, { status: 'running', receipt: 'WS-1:r' })).statusCode).toBe(200);
    const done = await c.report(agent, actionId, {
      status: 'succeeded',
      exit_code: 0,
      output: 'isolated',
      receipt: 'WS-1:s',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [shown] = (await caseActions(incident!.id)).json().actions;
    expect(shown.status).toBe('succeeded');
    expect(shown.steps.map((s: { status: string }) => s.status)).toEqual([
      'queued',
      'delivered',
      'running',
      'succeeded',
    ]);
    expect(shown.steps.at(-1)).toMatchObject({ receipt: 'WS-1:s' });
  });

  it("is seen only by those who may see the case: another customer's user gets 404", async () => {
    const agent = await c.enrol(acme());
    const [incident] = await db()
      .insert(cases)
      .values({ customerId: acme(), title: 'Lateral movement' })
      .returning();
    expect(
      (await c.requestAction(agent.agentId, 'full_disk_scan', { case_id: incident!.id })).statusCode,
    ).toBe(201);

    const own = await caseActions(incident!.id, c.t.fixtures.acmeUser);
    expect(own.statusCode).toBe(200);
    expect(own.json().actions).toHaveLength(1);
    const outsider = await caseActions(incident!.id, c.t.fixtures.globexUser);
    c.expectError(outsider, 404, 'not_found');
    expect(outsider.json().error.message).toBe(`Case with ID ${incident!.id} not found`);
    c.expectError(await caseActions(2_000_000_000), 404, 'not_found');
    expect((await c.t.as(c.t.fixtures.analyst, { url: '/api/cases/v1/cases/abc/actions' })).statusCode).toBe(
      400,
    );
  });
});
