import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentState,
  deriveAgentStatus,
  LATEST_AGENT_RELEASE,
} from '../../../src/server/areas/agents/index.ts';
import { agents } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/**
 * /dashboard/health counts agents grouped in SQL by the facts of their status; the agents list
 * derives each status in status.ts. Over agents on both sides of every boundary (due check-in plus
 * grace, the new-agent window, versions that compare differently as text, isolation, health),
 * the two must agree. Boundaries are a minute away so the clock moving during the test does not matter.
 */
describe.each(backends())('dashboard agent health matches the agents list on %s', (backend) => {
  let t: TestApp;
  let expected: Record<AgentState, number>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme } = t.fixtures;
    const heartbeats = [null, ago(MINUTE), ago(3 * MINUTE), ago(9 * MINUTE), ago(2 * 3600_000), ago(3 * DAY)];
    const intervals = [30, 60, 300, 3600];
    const firstActive = [null, ago(6 * DAY), ago(8 * DAY)];
    const versions = [LATEST_AGENT_RELEASE, '4.12.10', '4.9.14', '10.0', '4.12.3-rc1'];
    const rows = [];
    let n = 0;
    for (const heartbeatAt of heartbeats)
      for (const checkInInterval of intervals)
        for (const first of firstActive) {
          const version = versions[n % versions.length]!;
          rows.push({
            customerId: acme.customerId,
            hostName: `HOST-${n}`,
            platform: 'windows',
            architecture: 'x64',
            version,
            heartbeatAt,
            checkInInterval,
            firstActive: first,
            health: n % 4 === 0 ? 'unhealthy' : 'healthy',
            isIsolated: n % 3 === 0,
          });
          n += 1;
        }
    await t.database.db.insert(agents).values(rows);
    expected = { online: 0, offline: 0, isolated: 0, unhealthy: 0, out_of_date: 0, new: 0 };
    const now = new Date();
    for (const row of rows) {
      expected[
        deriveAgentStatus({ ...row, heartbeatAt: row.heartbeatAt, firstActive: row.firstActive }, now).status
      ] += 1;
    }
  });
  afterAll(() => t?.close());

  it('counts every status as the one derivation does', async () => {
    const { acme } = t.fixtures;
    const response = await t.as(t.fixtures.analyst, {
      url: `/api/dashboard/health?customer_ids=${acme.customerId}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [customer] = response.json().customers;
    expect(customer.customer_id).toBe(acme.customerId);
    expect(customer.statuses).toEqual(expected);
    expect(customer.total).toBe(72);
    // Every state occurs, so each branch of the grouping was compared.
    expect(Object.values(expected).every((count) => count > 0)).toBe(true);
  });
});
