import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_MESSAGES } from '../../src/server/areas/terminal/messages.ts';
import { SessionTokens } from '../../src/server/auth/session-tokens.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  terminalRecordingChunks,
  terminalRelayNodes,
  terminalSessions,
} from '../../src/server/db/schema/index.ts';
import { SimulatedEndpoint } from '../../tools/agent-simulator/endpoint.ts';
import { SimulatedAgent } from '../../tools/agent-simulator/fleet.ts';
import type { Fixtures } from '../helpers/fixtures.ts';
import { dial } from '../server/terminal/helpers.ts';
import { type NodeProcess, startNode, stopAll } from './cluster.ts';
import { browserCalls, type OwnDatabase, ownDatabase } from './own-database.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('⚠ Terminal stalled process SKIPPED: it needs PostgreSQL (set TEST_DATABASE_URL).');

/** Short, so that a stall past the time-out takes seconds: a beat a second, dead after three. */
const TIMING = { TERMINAL_HEARTBEAT_SECONDS: '1', TERMINAL_NODE_TIMEOUT_SECONDS: '3' };

/**
 * Two API processes on one PostgreSQL; the agent's channel and the console reach the first. The
 * first is stopped (SIGSTOP) past its time-out: the second takes it for dead and ends its session.
 * Woken (SIGCONT), the first relays nothing more of it, tells both sides it ended, and runs on.
 */
describe.skipIf(!url)('a live terminal whose API process stalls past the time-out', () => {
  let own: OwnDatabase;
  let database: Database;
  let fixtures: Fixtures;
  let stalling: NodeProcess;
  let tokens: SessionTokens;
  let browserCall: ReturnType<typeof browserCalls>;

  beforeAll(async () => {
    own = await ownDatabase('watchfloor_stall', url!);
    ({ database, fixtures } = own);
    tokens = await SessionTokens.create(database.db);
    browserCall = browserCalls(tokens);
    [stalling] = await Promise.all([
      startNode('api-stalling', 'api', own.url, TIMING),
      startNode('api-sweeping', 'api', own.url, TIMING),
    ]);
  }, 180_000);

  afterAll(async () => {
    stalling?.resume();
    await stopAll();
    await own?.drop();
  });

  /** A browser's call to the stalling process, as `user`. */
  const call = async (user: { contactId: string }, method: string, path: string, body?: object) => {
    const { status, json } = await browserCall(stalling.base, user, method, path, body);
    expect(status, JSON.stringify(json)).toBeLessThan(300);
    return json;
  };

  /** Starts a session on the agent and opens its console; resolves once the agent's banner shows. */
  const openTerminal = async (agentId: string) => {
    const started = await call(fixtures.analyst, 'POST', '/api/terminal/v1/sessions', { agent_id: agentId });
    const reader = await dial(`${stalling.base.replace('http', 'ws')}${started.socket_path}`);
    if (typeof reader === 'number') throw new Error(`console socket refused: ${reader}`);
    await reader.next((f) => f.type === 'ready');
    await reader.output('Type help.');
    return { sessionId: started.session_id as string, reader };
  };

  const sessionRow = async (sessionId: string) => {
    const [row] = await database.db
      .select({ endedAt: terminalSessions.endedAt, recording: terminalSessions.recording })
      .from(terminalSessions)
      .where(eq(terminalSessions.sessionId, sessionId));
    return row!;
  };
  const written = async (sessionId: string) =>
    (
      await database.db
        .select({ data: terminalRecordingChunks.data })
        .from(terminalRecordingChunks)
        .where(eq(terminalRecordingChunks.sessionId, sessionId))
    )
      .map((chunk) => chunk.data)
      .join('');
  const nodeRows = async () =>
    (await database.db.select({ nodeId: terminalRelayNodes.nodeId }).from(terminalRelayNodes)).map(
      (row) => row.nodeId,
    );

  it('ends the session it held once awake, relaying nothing typed since, and keeps what it relayed before', async () => {
    const customerId = fixtures.acme.customerId;
    await call(fixtures.admin, 'POST', '/api/agents/v1/terminal-certificates', {
      customer_id: customerId,
      email: 'analyst@test.example',
    });
    const enrolment = await call(fixtures.analyst, 'POST', '/api/agents/v1/enrolment-tokens', {
      customer_id: customerId,
      name: 'Stalled process',
    });
    const agent = new SimulatedAgent(new SimulatedEndpoint('STALL', 0, 5), stalling.base, 60);
    await agent.enrol(enrolment.token as string);
    const agentId = agent.client.agentId!;
    await call(fixtures.analyst, 'PUT', `/api/agents/v1/agents/${agentId}/settings`, {
      terminal_enabled: true,
    });
    const channel = await agent.connectTerminal();

    const { sessionId, reader } = await openTerminal(agentId);
    reader.send({ type: 'input', data: 'hostname\r' });
    await reader.output(`${agent.endpoint.hostName}\r\n`);
    // Written to the database (every second) before the stall: the sweep keeps it.
    while (!(await written(sessionId)).includes(`${agent.endpoint.hostName}\\r\\n`)) await pause();
    const before = await nodeRows();
    expect(before).toHaveLength(2);

    stalling.pause();
    // Typed while the process is stopped: it reads this only once it wakes.
    reader.send({ type: 'input', data: 'echo typed-in-the-stall\r' });
    // The other process finds it dead (its row older than 3 s): the row goes, the session ends.
    while ((await sessionRow(sessionId)).endedAt === null) await pause();
    const after = await nodeRows();
    expect(after).toHaveLength(1);
    expect(before).toContain(after[0]);
    stalling.resume();
    reader.send({ type: 'input', data: 'echo typed-after-waking\r' });

    expect(await reader.next((f) => f.type === 'ended')).toEqual({
      type: 'ended',
      reason: 'server_stopped',
      message: END_MESSAGES.server_stopped,
    });
    expect(await reader.closed).toBe(1000);
    const seen = channel.joined.get(sessionId)!;
    await seen.closed;
    expect(seen.endReason).toBe('server_stopped');
    expect(seen.input).toEqual(['hostname\r']);
    expect(stalling.output()).toContain('terminal relay heartbeat late: this process stalled');

    // Awake, under a new name: a new session on the same agent's channel runs.
    const next = await openTerminal(agentId);
    next.reader.send({ type: 'input', data: 'whoami\r' });
    await next.reader.output('svc_watchfloor\r\n');
    expect((await nodeRows()).filter((nodeId) => !before.includes(nodeId))).toHaveLength(1);
    next.reader.send({ type: 'end' });
    await next.reader.closed;

    // Stopped for good (it stores what it still holds first): the recording is final.
    agent.terminal!.drop();
    await stalling.stop();
    const { recording } = await sessionRow(sessionId);
    expect(recording).toContain('"i","hostname\\r"');
    expect(recording).toContain(`\\r\\n${agent.endpoint.hostName}\\r\\n`);
    expect(recording).not.toContain('typed-in-the-stall');
    expect(recording).not.toContain('typed-after-waking');
  }, 60_000);
});

/** Between polls of what another process does in its own time. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
