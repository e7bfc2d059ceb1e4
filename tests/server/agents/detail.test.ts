import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext, MISSING } from './helpers.ts';

describe.each(backends())('one agent’s details on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;

  it('answers the agent with its attributes (and their expiry), settings and health issues', async () => {
    const agent = await c.enrol(acme());
    await c.checkIn(agent, { health: 'degraded', health_issues: ['Disk almost full'] });
    await c.t.database.db
      .update(agents)
      .set({
        attributes: {
          owner: 'finance',
          vip: { value: true, expires_at: '2031-01-01T00:00:00.000Z' },
        },
        settings: { syslog_forwarder: false },
      })
      .where(eq(agents.agentId, agent.agentId));
    const response = await c.t.as(c.t.fixtures.analyst, { url: `/api/agents/v1/agents/${agent.agentId}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      agent_id: agent.agentId,
      host_name: 'ACME-WS-01',
      status: 'unhealthy',
      health_issues: ['Disk almost full'],
      settings: { syslog_forwarder: false },
      attributes: [
        { name: 'owner', value: 'finance', expires_at: null },
        { name: 'vip', value: true, expires_at: '2031-01-01T00:00:00.000Z' },
      ],
    });
  });

  it('is not found outside the caller’s customers, nor when missing', async () => {
    const foreign = await c.enrol(c.t.fixtures.globex.customerId, { host_name: 'GLOBEX-09' });
    const asCustomer = await c.t.as(c.t.fixtures.acmeUser, {
      url: `/api/agents/v1/agents/${foreign.agentId}`,
    });
    c.expectError(asCustomer, 404, 'not_found');
    const missing = await c.t.as(c.t.fixtures.analyst, { url: `/api/agents/v1/agents/${MISSING}` });
    c.expectError(missing, 404, 'not_found');
    const own = await c.enrol(acme(), { host_name: 'ACME-WS-09' });
    const mine = await c.t.as(c.t.fixtures.acmeUser, { url: `/api/agents/v1/agents/${own.agentId}` });
    expect(mine.statusCode).toBe(200);
  });
});
