import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client.ts';
import { agentActions, agents } from '../../../src/server/db/schema/index.ts';
import { hashSecret, newSecret } from '../../../src/server/platform/secrets.ts';
import { type ApiProcess, startApiServer, stopProcess } from '../../helpers/child-process.ts';
import { crashLoad, until } from '../../helpers/crash-load.ts';
import { backends, databaseForProcesses } from '../../helpers/database.ts';
import { insertFixtures } from '../../helpers/fixtures.ts';

const AGENTS = 4;

/** One check-in of an agent: the action ids it is handed, or undefined when the server did not answer. */
async function checkIn(api: ApiProcess, credential: string): Promise<string[] | undefined> {
  const response = await fetch(`http://127.0.0.1:${api.port}/api/agent/v1/check-in`, {
    method: 'POST',
    headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
    body: JSON.stringify({ version: '4.12.3', health: 'healthy' }),
  });
  const body = (await response.json()) as { actions: { action_id: string }[] };
  if (response.status !== 200) throw new Error(`check-in answered ${response.status}`);
  return body.actions.map((a) => a.action_id);
}

describe.each(backends())('agent actions killed mid-delivery, on %s', (backend) => {
  it('delivers every acknowledged action to its agent, marked delivered once', {
    timeout: 600_000,
  }, async () => {
    const place = await databaseForProcesses(backend, 'action-crash');
    let database: Database | undefined;
    let child: ChildProcess | undefined;
    try {
      database = await place.open();
      const f = await insertFixtures(database.db);
      const credentials = new Map<string, string>();
      for (let i = 0; i < AGENTS; i++) {
        const agentId = randomUUID();
        const secret = newSecret();
        await database.db.insert(agents).values({
          agentId,
          customerId: f.acme.customerId,
          hostName: `ACME-WS-${i}`,
          platform: 'windows-11',
          architecture: 'x64',
          version: '4.12.3',
          checkInInterval: 60,
          credentialHash: hashSecret(secret),
          firstActive: new Date(),
          heartbeatAt: new Date(),
        });
        credentials.set(agentId, `${agentId}.${secret}`);
      }
      const ids = [...credentials.keys()];
      // PGlite is one process's at a time: let the server have the directory.
      if (backend === 'pglite') await database.close();

      const first = await startApiServer(place.where, [f.analyst.contactId]);
      child = first.child;
      /** Every action id an agent was handed, check-in by check-in. */
      const handed = new Map<string, string[][]>(ids.map((id) => [id, []]));
      // Analysts queue actions on one lane while the agents check in on the other.
      const queue = crashLoad(1, 400, async (n) => {
        const agentId = ids[n % AGENTS]!;
        const answer = await first.call(
          f.analyst.contactId,
          'POST',
          `/api/agents/v1/agents/${agentId}/actions/restart_agent`,
          {},
        );
        if (answer.status !== 201)
          throw new Error(`queueing answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        return { agentId, actionId: (answer.body as { action_id: string }).action_id };
      });
      const agentsCheckIn = crashLoad(1, 4000, async (n) => {
        const agentId = ids[n % AGENTS]!;
        const got = await checkIn(first, credentials.get(agentId)!);
        handed.get(agentId)!.push(got!);
        return got;
      });
      await until(() => queue.acknowledged.length >= 12, 'a dozen actions are acknowledged');
      await Promise.all([queue.stop(() => stopProcess(first.child)), agentsCheckIn.stop()]);
      const acknowledged = [...queue.acknowledged];

      const second = await startApiServer(place.where, [f.analyst.contactId]);
      child = second.child;
      for (const agentId of ids) {
        // Delivered ones are handed again until the agent reports on them (an answer may be lost).
        const got = await checkIn(second, credentials.get(agentId)!);
        expect(new Set(got).size, 'no action twice in one answer').toBe(got!.length);
        handed.get(agentId)!.push(got!);
        for (const { actionId } of acknowledged.filter((a) => a.agentId === agentId))
          expect(got, `action ${actionId} reaches agent ${agentId}`).toContain(actionId);
      }
      await stopProcess(second.child, 'SIGTERM');
      child = undefined;

      if (backend === 'pglite') database = await place.open();
      const rows = await database!.db.select().from(agentActions);
      const byId = new Map(rows.map((r) => [r.actionId, r]));
      for (const { agentId, actionId } of acknowledged) {
        const row = byId.get(actionId);
        expect(row, `action ${actionId} kept`).toMatchObject({ agentId, status: 'delivered' });
        // Marked delivered by exactly one check-in, however often it was handed over.
        const steps = (row!.steps as { status: string }[]).filter((s) => s.status === 'delivered');
        expect(steps, `action ${actionId} delivered once`).toHaveLength(1);
      }
      // Each agent was only ever handed its own actions.
      for (const [agentId, answers] of handed)
        for (const actionId of answers.flat()) expect(byId.get(actionId)?.agentId).toBe(agentId);
    } finally {
      if (child) await stopProcess(child);
      await database?.close().catch(() => undefined);
      await place.drop();
    }
  });
});
