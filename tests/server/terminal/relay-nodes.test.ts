import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { RelayNodes } from '../../../src/server/areas/terminal/nodes.ts';
import { loadConfig } from '../../../src/server/config.ts';
import {
  auditLog,
  terminalChannels,
  terminalRecordingChunks,
  terminalRelayNodes,
  terminalSessions,
} from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { refusal, terminalContext, until } from './helpers.ts';

/** A port on 127.0.0.1 nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The directory of API processes that relay terminals (terminal_relay_nodes, terminal_channels):
 * what a caller sees when the process holding a terminal cannot be reached, and how the rows of
 * a process that stopped without signing off are cleared.
 */
describe.each(backends())('terminal relay processes on %s', (backend) => {
  const c = terminalContext(backend);
  const db = () => c.t.database.db;

  /** A process that says it is alive and holds `agentId`'s channel, at an address nothing answers on. */
  const unreachableHolder = async () => {
    const nodeId = randomUUID();
    await db()
      .insert(terminalRelayNodes)
      .values({ nodeId, address: `http://127.0.0.1:${await freePort()}` });
    return nodeId;
  };

  it('answers 502 terminal_relay_unreachable when the process holding the agent’s channel cannot be reached', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.enrol(c.acme(), { host_name: 'ACME-FAR' });
    await c.enableTerminal(agent.agentId);
    const nodeId = await unreachableHolder();
    await db().insert(terminalChannels).values({ agentId: agent.agentId, nodeId });

    const started = await c.start(agent.agentId);
    c.expectError(started, 502, 'terminal_relay_unreachable');
    expect(started.json().error.message).toBe('The API process holding this terminal did not answer.');
    // Nothing was started.
    const sessions = await db()
      .select({ id: terminalSessions.sessionId })
      .from(terminalSessions)
      .where(eq(terminalSessions.agentId, agent.agentId));
    expect(sessions).toEqual([]);
  });

  it('refuses a console socket with 502 terminal_relay_unreachable when its session’s process cannot be reached', async () => {
    const { certificate_id } = await c.grant('analyst@test.example');
    const agent = await c.enrol(c.acme(), { host_name: 'ACME-GONE' });
    const nodeId = await unreachableHolder();
    const sessionId = randomUUID();
    await db().insert(terminalSessions).values({
      sessionId,
      partnerId: c.t.fixtures.analyst.partnerId,
      customerId: c.acme(),
      agentId: agent.agentId,
      hostName: 'ACME-GONE',
      contactId: c.t.fixtures.analyst.contactId,
      email: 'analyst@test.example',
      certificateId: certificate_id,
      cols: 80,
      rows: 24,
      relayNodeId: nodeId,
    });
    const host = await c.listening();
    const refused = await refusal(`ws://${host}/api/terminal/v1/sessions/${sessionId}/console?ticket=x`);
    expect(refused).toEqual({
      status: 502,
      body: {
        error: expect.objectContaining({
          code: 'terminal_relay_unreachable',
          message: 'The API process holding this terminal did not answer.',
        }),
      },
    });
  });

  it('a process stopped while it starts to advertise leaves no row and no warning behind', async () => {
    const warn = vi.fn();
    const log = { warn, info: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const nodes = new RelayNodes(
      db(),
      log,
      { replaced: () => undefined, beaten: async () => undefined, stalled: () => undefined },
      { heartbeatSeconds: 5, nodeTimeoutSeconds: 30 },
    );
    // Asked to stop the moment it listens (a start and a stop at once): the advertising is under
    // way. The stop ends after it, so the database may close next without a query still to run.
    let advertised = false;
    const advertising = nodes
      .advertise({ address: '127.0.0.1', family: 'IPv4', port: await freePort() }, undefined)
      .then(() => {
        advertised = true;
      });
    await nodes.close();
    expect(advertised).toBe(true);
    await advertising;
    const rows = await db()
      .select({ nodeId: terminalRelayNodes.nodeId })
      .from(terminalRelayNodes)
      .where(eq(terminalRelayNodes.nodeId, nodes.nodeId));
    expect({ rows, warnings: warn.mock.calls }).toEqual({ rows: [], warnings: [] });
  });

  it('deletes the rows of a process found dead, and of an earlier run at the address a process starts on', async () => {
    const port = await freePort();
    const dead = randomUUID();
    const earlierRun = randomUUID();
    const alive = randomUUID();
    const [deadAgent, earlierAgent, aliveAgent] = [randomUUID(), randomUUID(), randomUUID()];
    // In one transaction: this file's own listening app, sweeping on its heartbeat, must not
    // delete the dead row before its channel is written.
    await db().transaction(async (tx) => {
      await tx.insert(terminalRelayNodes).values([
        // Not heard from for five minutes: it crashed.
        { nodeId: dead, address: 'http://10.0.0.9:3000', seenAt: sql`now() - interval '5 minutes'` },
        // Killed a moment ago, restarting at the same address.
        { nodeId: earlierRun, address: `http://127.0.0.1:${port}` },
        { nodeId: alive, address: 'http://10.0.0.8:3000' },
      ]);
      await tx.insert(terminalChannels).values([
        { agentId: deadAgent, nodeId: dead },
        { agentId: earlierAgent, nodeId: earlierRun },
        { agentId: aliveAgent, nodeId: alive },
      ]);
    });

    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
    const restarted = await buildApp(config, c.t.database, { logger: false });
    try {
      await restarted.listen({ port, host: '127.0.0.1' });
      // A process writes its own row once it has cleared the others' (when it starts listening).
      const own = restarted.terminalRelay.nodes.nodeId;
      await until(async () => {
        const rows = await db()
          .select({ nodeId: terminalRelayNodes.nodeId })
          .from(terminalRelayNodes)
          .where(eq(terminalRelayNodes.nodeId, own));
        return rows.length === 1;
      });
      const nodes = await db()
        .select({ nodeId: terminalRelayNodes.nodeId })
        .from(terminalRelayNodes)
        .where(inArray(terminalRelayNodes.nodeId, [dead, earlierRun, alive]));
      expect(nodes).toEqual([{ nodeId: alive }]);
      const channels = await db()
        .select({ agentId: terminalChannels.agentId })
        .from(terminalChannels)
        .where(inArray(terminalChannels.agentId, [deadAgent, earlierAgent, aliveAgent]));
      expect(channels).toEqual([{ agentId: aliveAgent }]);
    } finally {
      await restarted.close();
    }
  });

  it('ends the sessions of a process found dead, and of one whose row is gone, keeping their recordings as far as written; a live process’s session is left', async () => {
    const { certificate_id } = await c.grant('analyst@test.example');
    const agent = await c.enrol(c.acme(), { host_name: 'ACME-CRASH' });
    const [dead, alive, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const [ofDead, ofAlive, ofGone] = [randomUUID(), randomUUID(), randomUUID()];
    const session = (sessionId: string, relayNodeId: string) => ({
      sessionId,
      partnerId: c.t.fixtures.analyst.partnerId,
      customerId: c.acme(),
      agentId: agent.agentId,
      hostName: 'ACME-CRASH',
      contactId: c.t.fixtures.analyst.contactId,
      email: 'analyst@test.example',
      certificateId: certificate_id,
      cols: 80,
      rows: 24,
      startedAt: sql`now() - interval '2 minutes'`,
      relayNodeId,
    });
    // What the crashed process had written of its session's recording, a second at a time.
    const written = [
      '{"version":2,"width":80,"height":24,"timestamp":1767225600,"title":"ACME-CRASH (analyst@test.example)"}\n',
      '[0.5,"i","hostname\\r"]\n[0.52,"o","hostname\\r\\nACME-CRASH\\r\\n"]\n',
      '[1.4,"i","whoami\\r"]\n',
    ];
    // In one transaction: this file's own listening app sweeps on its heartbeat and must find the
    // dead process with its sessions and their chunks, or not at all.
    await db().transaction(async (tx) => {
      await tx.insert(terminalRelayNodes).values([
        { nodeId: dead, address: 'http://10.0.0.19:3000', seenAt: sql`now() - interval '5 minutes'` },
        { nodeId: alive, address: 'http://10.0.0.18:3000' },
      ]);
      await tx
        .insert(terminalSessions)
        .values([session(ofDead, dead), session(ofAlive, alive), session(ofGone, gone)]);
      await tx
        .insert(terminalRecordingChunks)
        .values([
          ...written.map((data, seq) => ({ sessionId: ofDead, seq, data })),
          { sessionId: ofAlive, seq: 0, data: written[0]! },
        ]);
    });

    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
    const started = await buildApp(config, c.t.database, { logger: false });
    try {
      await started.listen({ port: 0, host: '127.0.0.1' });
      const own = started.terminalRelay.nodes.nodeId;
      await until(async () => {
        const rows = await db()
          .select({ nodeId: terminalRelayNodes.nodeId })
          .from(terminalRelayNodes)
          .where(eq(terminalRelayNodes.nodeId, own));
        return rows.length === 1;
      });
      const rows = await db()
        .select({
          sessionId: terminalSessions.sessionId,
          endedAt: terminalSessions.endedAt,
          endReason: terminalSessions.endReason,
          recording: terminalSessions.recording,
          recordingBytes: terminalSessions.recordingBytes,
        })
        .from(terminalSessions)
        .where(inArray(terminalSessions.sessionId, [ofDead, ofAlive, ofGone]));
      const byId = new Map(rows.map((row) => [row.sessionId, row]));
      const recording = written.join('');
      expect(byId.get(ofDead)).toEqual({
        sessionId: ofDead,
        endedAt: expect.any(Date),
        endReason: 'server_stopped',
        recording,
        recordingBytes: Buffer.byteLength(recording),
      });
      expect(byId.get(ofGone)).toMatchObject({
        endReason: 'server_stopped',
        recording: null,
        recordingBytes: 0,
      });
      expect(byId.get(ofAlive)).toMatchObject({ endedAt: null, endReason: null, recording: null });
      // The ended sessions' chunks moved into them; the live one's are still being written.
      const chunks = await db()
        .select({ sessionId: terminalRecordingChunks.sessionId })
        .from(terminalRecordingChunks)
        .where(inArray(terminalRecordingChunks.sessionId, [ofDead, ofAlive, ofGone]));
      expect(chunks).toEqual([{ sessionId: ofAlive }]);
      const audited = await db()
        .select({ entityId: auditLog.entityId, actorId: auditLog.actorId, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'terminal_session'), eq(auditLog.action, 'end')));
      expect(audited.filter((a) => a.entityId === ofDead)).toEqual([
        {
          entityId: ofDead,
          actorId: null,
          after: {
            agent_id: agent.agentId,
            end_reason: 'server_stopped',
            relay_node_id: dead,
            recording_bytes: Buffer.byteLength(recording),
          },
        },
      ]);
      expect(audited.filter((a) => a.entityId === ofGone)).toHaveLength(1);
      expect(audited.filter((a) => a.entityId === ofAlive)).toEqual([]);
      // The replay reads what was written, in the end reason's own words.
      const replay = await c.t.as(c.t.fixtures.admin, { url: `/api/terminal/v1/recordings/${ofDead}` });
      expect(replay.json()).toMatchObject({ end_reason: 'server_stopped', recording });
    } finally {
      await started.close();
    }
  });
});
