import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type AgentVitals,
  compareVersions,
  deriveAgentStatus,
  LATEST_AGENT_RELEASE,
} from '../../../src/server/areas/agents/status.ts';
import { agents } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const vitals = (overrides: Partial<AgentVitals> = {}): AgentVitals => ({
  heartbeatAt: ago(30),
  firstActive: ago(90 * 86_400),
  checkInInterval: 60,
  health: 'healthy',
  version: LATEST_AGENT_RELEASE,
  isIsolated: false,
  ...overrides,
});

describe('agent status, derived from the expected next check-in, health, version and isolation', () => {
  it('online until the interval plus the grace period has passed, then offline and late', () => {
    expect(deriveAgentStatus(vitals(), NOW)).toMatchObject({
      status: 'online',
      statusCode: 0,
      lateBySeconds: 0,
    });
    // Due 60 s after the last check-in; forgiven for 60 s more.
    expect(deriveAgentStatus(vitals({ heartbeatAt: ago(120) }), NOW)).toMatchObject({
      status: 'online',
      lateBySeconds: 60,
    });
    expect(deriveAgentStatus(vitals({ heartbeatAt: ago(121) }), NOW)).toMatchObject({
      status: 'offline',
      statusCode: 3,
      lateBySeconds: 61,
    });
    // A long interval earns as long a grace.
    expect(deriveAgentStatus(vitals({ heartbeatAt: ago(1700), checkInInterval: 900 }), NOW).status).toBe(
      'online',
    );
    expect(deriveAgentStatus(vitals({ heartbeatAt: ago(1801), checkInInterval: 900 }), NOW).status).toBe(
      'offline',
    );
    expect(deriveAgentStatus(vitals({ heartbeatAt: null }), NOW)).toMatchObject({
      status: 'offline',
      nextCheckInAt: null,
      lateBySeconds: 0,
    });
  });

  it('reports every state that holds, the most pressing first, with the spec’s colour codes', () => {
    expect(deriveAgentStatus(vitals({ health: 'degraded' }), NOW)).toMatchObject({
      status: 'unhealthy',
      statusCode: 2,
    });
    expect(deriveAgentStatus(vitals({ version: '4.11.8' }), NOW)).toMatchObject({
      status: 'out_of_date',
      statusCode: 1,
    });
    expect(deriveAgentStatus(vitals({ isIsolated: true, version: '3.9.14' }), NOW)).toMatchObject({
      status: 'isolated',
      states: ['online', 'isolated', 'out_of_date'],
      statusCode: 1,
    });
    expect(deriveAgentStatus(vitals({ firstActive: ago(86_400) }), NOW)).toMatchObject({
      status: 'new',
      states: ['online', 'new'],
      statusCode: 0,
    });
    expect(
      deriveAgentStatus(vitals({ heartbeatAt: ago(86_400), health: 'unhealthy', isIsolated: true }), NOW),
    ).toMatchObject({ status: 'offline', statusCode: 3 });
  });

  it('compares versions by number, not as text', () => {
    expect(compareVersions('4.10.2', '4.9.14')).toBe(1);
    expect(compareVersions('4.12.3', '4.12.3')).toBe(0);
    expect(compareVersions('4.12', '4.12.1')).toBe(-1);
  });
});

describe.each(backends())('the agent list shows the derived status on %s', (backend) => {
  const c = fleetContext(backend);

  it('status, states, code and how late the agent is', async () => {
    const agent = await c.enrol(c.t.fixtures.acme.customerId, { host_name: 'LATE-01', version: '4.10.2' });
    await c.t.database.db
      .update(agents)
      .set({ heartbeatAt: new Date(Date.now() - 3_600_000), statusCode: 0 })
      .where(eq(agents.agentId, agent.agentId));
    const list = await c.t.as(c.t.fixtures.analyst, { url: '/api/agents/v1/agents/' });
    const listed = list.json().agents.find((a: { agent_id: string }) => a.agent_id === agent.agentId);
    expect(listed).toMatchObject({
      status: 'offline',
      status_code: 3,
      check_in_interval: 60,
      health: 'healthy',
    });
    expect(listed.states).toEqual(['offline', 'out_of_date', 'new']);
    expect(listed.late_by_seconds).toBeGreaterThanOrEqual(3540);
    await c.checkIn(agent, {
      version: LATEST_AGENT_RELEASE,
      health: 'unhealthy',
      health_issues: ['disk full'],
    });
    const after = await c.t.as(c.t.fixtures.analyst, { url: '/api/agents/v1/agents/' });
    expect(after.json().agents.find((a: { agent_id: string }) => a.agent_id === agent.agentId)).toMatchObject(
      {
        status: 'unhealthy',
        status_code: 2,
        late_by_seconds: 0,
      },
    );
  });
});
