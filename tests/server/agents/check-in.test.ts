import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

describe.each(backends())('check-ins written in shared batches, on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;

  it('stores what each of many simultaneous check-ins reported, before answering', async () => {
    const fleet = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        c.enrol(acme(), { host_name: `ACME-BATCH-${i}`, version: '4.11.0' }),
      ),
    );
    const answers = await Promise.all(
      fleet.map((agent, i) =>
        c.checkIn(agent, { version: `4.12.${i}`, ip: `10.9.0.${i}`, health: i % 2 ? 'degraded' : 'healthy' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(fleet.map(() => 200));
    const stored = await c.t.database.db
      .select({ id: agents.agentId, version: agents.version, ip: agents.ip, health: agents.health })
      .from(agents)
      .where(
        inArray(
          agents.agentId,
          fleet.map((a) => a.agentId),
        ),
      );
    const byId = new Map(stored.map((row) => [row.id, row]));
    fleet.forEach((agent, i) => {
      expect(byId.get(agent.agentId)).toEqual({
        id: agent.agentId,
        version: `4.12.${i}`,
        ip: `10.9.0.${i}`,
        health: i % 2 ? 'degraded' : 'healthy',
      });
    });
  });

  it('keeps what the console changed meanwhile when the agent reports nothing new about it', async () => {
    const agent = await c.enrol(acme(), { host_name: 'ACME-BATCH-ISO' });
    await c.checkIn(agent, { is_isolated: false });
    // Isolation as the console records it when an isolate action succeeds.
    await c.t.database.db
      .update(agents)
      .set({ isIsolated: true })
      .where(inArray(agents.agentId, [agent.agentId]));
    const isolation = async () => {
      const [row] = await c.t.database.db
        .select({ isIsolated: agents.isIsolated, isolatedUntil: agents.isolatedUntil })
        .from(agents)
        .where(inArray(agents.agentId, [agent.agentId]));
      return row;
    };
    expect((await c.checkIn(agent, { version: '4.12.3' })).statusCode).toBe(200);
    expect((await isolation())?.isIsolated).toBe(true);
    expect((await c.checkIn(agent, { is_isolated: false })).statusCode).toBe(200);
    expect(await isolation()).toEqual({ isIsolated: false, isolatedUntil: null });
  });
});
