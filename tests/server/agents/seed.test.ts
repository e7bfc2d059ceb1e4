import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAgentStatus } from '../../../src/server/areas/agents/index.ts';
import type { Database } from '../../../src/server/db/client.ts';
import {
  agentActions,
  agentEnrolmentTokens,
  agentInventory,
  agents,
  agentVulnerabilities,
} from '../../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../../src/server/seed/generate.ts';
import { freshDatabase } from '../../helpers/database.ts';
import { NOW, SMALL } from '../seed/helpers.ts';

describe('the demo fleet the seed generator writes', () => {
  let database: Database;
  let agentRows: (typeof agents.$inferSelect)[];
  let tokenRows: (typeof agentEnrolmentTokens.$inferSelect)[];
  let actionRows: (typeof agentActions.$inferSelect)[];
  let inventoryRows: (typeof agentInventory.$inferSelect)[];
  let findingRows: (typeof agentVulnerabilities.$inferSelect)[];
  beforeAll(async () => {
    database = await freshDatabase('pglite');
    await seedDemoData(database.db, { ...SMALL, agents: 400, seed: 11 });
    agentRows = await database.db.select().from(agents);
    tokenRows = await database.db.select().from(agentEnrolmentTokens);
    actionRows = await database.db.select().from(agentActions);
    inventoryRows = await database.db.select().from(agentInventory);
    findingRows = await database.db.select().from(agentVulnerabilities);
  });
  afterAll(() => database?.close());

  it('stores the status the one derivation gives, and a heartbeat that agrees with the interval', () => {
    for (const agent of agentRows) {
      expect(agent.statusCode, agent.hostName).toBe(deriveAgentStatus(agent, NOW).statusCode);
    }
    const codes = new Set(agentRows.map((a) => a.statusCode));
    expect([...codes].sort()).toEqual([0, 1, 2, 3]);
  });

  it('enrols every agent with a token of its own customer; each customer has an installer token in use', () => {
    const byId = new Map(tokenRows.map((t) => [t.tokenId, t]));
    for (const agent of agentRows)
      expect(byId.get(agent.enrolmentTokenId!)?.customerId).toBe(agent.customerId);
    const customers = new Set(agentRows.map((a) => a.customerId));
    for (const customer of customers) {
      const live = tokenRows.filter(
        (t) => t.customerId === customer && !t.revokedAt && t.expiresAt > NOW && t.uses < t.useLimit,
      );
      expect(live.length, customer).toBeGreaterThan(0);
    }
  });

  it('writes a history whose steps agree with each action’s status, times and evidence', () => {
    expect(actionRows.length).toBeGreaterThan(20);
    const statuses = new Set(actionRows.map((a) => a.status));
    for (const s of ['succeeded', 'failed', 'cancelled']) expect(statuses.has(s), s).toBe(true);
    for (const action of actionRows) {
      const times = action.steps.map((s) => Date.parse(s.at));
      expect(
        [...times].sort((a, b) => a - b),
        action.actionId,
      ).toEqual(times);
      expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
      expect(action.steps.at(-1)!.status).toBe(action.status);
      expect(action.steps[0]).toMatchObject({ status: 'queued', by: action.requestedBy });
      if (action.output !== null) {
        expect(action.outputSha256).toBe(createHash('sha256').update(action.output).digest('hex'));
      }
      if (action.status === 'succeeded') expect(action.exitCode).toBe(0);
      if (action.status === 'failed') expect(action.exitCode).not.toBe(0);
      if (action.status === 'expired') expect(action.expiresAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('every isolated agent has the isolation that ends when it does', () => {
    const isolated = agentRows.filter((a) => a.isIsolated);
    expect(isolated.length).toBeGreaterThan(0);
    for (const agent of isolated) {
      const isolation = actionRows.find(
        (a) =>
          a.agentId === agent.agentId &&
          a.type === 'isolate' &&
          a.status === 'succeeded' &&
          a.finishedAt!.getTime() + Number(a.parameters.length) * 1000 === agent.isolatedUntil!.getTime(),
      );
      expect(isolation, agent.hostName).toBeDefined();
    }
  });

  it('gives scanning agents an inventory and findings of their own customer, each finding with its software installed', () => {
    const byId = new Map(agentRows.map((a) => [a.agentId, a]));
    expect(inventoryRows.length).toBeGreaterThan(100);
    expect(new Set(findingRows.map((f) => f.kind))).toEqual(new Set(['patch', 'application', 'os']));
    for (const row of [...inventoryRows, ...findingRows]) {
      const agent = byId.get(row.agentId)!;
      expect(row.customerId).toBe(agent.customerId);
      expect(agent.heartbeatAt).not.toBeNull();
    }
    for (const finding of findingRows.filter((f) => f.kind === 'application')) {
      const installed = inventoryRows.some((i) => i.agentId === finding.agentId && i.name === finding.ref);
      expect(installed, `${finding.ref} on ${byId.get(finding.agentId)!.hostName}`).toBe(true);
    }
  });
});
