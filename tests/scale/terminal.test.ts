import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionTokens } from '../../src/server/auth/session-tokens.ts';
import type { Database } from '../../src/server/db/client.ts';
import { terminalRecordingChunks } from '../../src/server/db/schema/index.ts';
import { SimulatedEndpoint } from '../../tools/agent-simulator/endpoint.ts';
import { SimulatedAgent } from '../../tools/agent-simulator/fleet.ts';
import type { Fixtures } from '../helpers/fixtures.ts';
import { dial, until } from '../server/terminal/helpers.ts';
import { type NodeProcess, startNode, stopAll } from './cluster.ts';
import { browserCalls, type OwnDatabase, ownDatabase } from './own-database.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('⚠ Terminal across processes SKIPPED: it needs PostgreSQL (set TEST_DATABASE_URL).');

/**
 * Two API processes on one PostgreSQL: the simulated agent dials one, the console the other. The
 * session lives where the agent's channel is; the console's calls and socket are passed on to it.
 */
describe.skipIf(!url)('a live terminal across two API processes', () => {
  let own: OwnDatabase;
  let database: Database;
  let fixtures: Fixtures;
  let consoleSide: NodeProcess;
  let agentSide: NodeProcess;
  let browserCall: ReturnType<typeof browserCalls>;

  beforeAll(async () => {
    own = await ownDatabase('watchfloor_terminal', url!);
    ({ database, fixtures } = own);
    browserCall = browserCalls(await SessionTokens.create(database.db));
    [consoleSide, agentSide] = await Promise.all([
      startNode('api-console', 'api', own.url),
      startNode('api-agent', 'api', own.url),
    ]);
  }, 180_000);

  afterAll(async () => {
    await stopAll();
    await own?.drop();
  });

  /** A browser's call to the console's process, as `user`. */
  const call = (user: { contactId: string }, method: string, path: string, body?: object) =>
    browserCall(consoleSide.base, user, method, path, body);

  const expectStatus = (answer: { status: number; json: unknown }, status: number) =>
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);

  it('relays a command both ways and ends both sides from either end', async () => {
    const customerId = fixtures.acme.customerId;
    expectStatus(
      await call(fixtures.admin, 'POST', '/api/agents/v1/terminal-certificates', {
        customer_id: customerId,
        email: 'analyst@test.example',
      }),
      201,
    );
    const enrolment = await call(fixtures.analyst, 'POST', '/api/agents/v1/enrolment-tokens', {
      customer_id: customerId,
      name: 'Two processes',
    });
    expectStatus(enrolment, 201);
    const agent = new SimulatedAgent(new SimulatedEndpoint('SPLIT', 0, 5), agentSide.base, 60);
    await agent.enrol(enrolment.json.token as string);
    const agentId = agent.client.agentId!;
    expectStatus(
      await call(fixtures.analyst, 'PUT', `/api/agents/v1/agents/${agentId}/settings`, {
        terminal_enabled: true,
      }),
      200,
    );
    await agent.connectTerminal();
    // The console's process sees the channel once the agent's has recorded it.
    const capability = `/api/module/agents/v1/agents/interactive-shell/capable/${agentId}`;
    while (!(await call(fixtures.analyst, 'GET', capability)).json.active_connection);

    const open = async () => {
      const started = await call(fixtures.analyst, 'POST', '/api/terminal/v1/sessions', {
        agent_id: agentId,
      });
      expectStatus(started, 201);
      const reader = await dial(`${consoleSide.base.replace('http', 'ws')}${started.json.socket_path}`);
      if (typeof reader === 'number') throw new Error(`console socket refused: ${reader}`);
      await reader.next((f) => f.type === 'ready');
      return reader;
    };

    const first = await open();
    first.send({ type: 'input', data: 'hostname\r' });
    expect(await first.output(`${agent.endpoint.hostName}\r\n`)).toContain('hostname\r\n');
    first.send({ type: 'end' });
    expect(await first.next((f) => f.type === 'ended')).toMatchObject({ reason: 'console' });
    expect(await first.closed).toBe(1000);

    // Ended by the agent this time: the console hears it through both processes.
    const second = await open();
    second.send({ type: 'input', data: 'exit\r' });
    expect(await second.next((f) => f.type === 'ended')).toMatchObject({ reason: 'agent' });
    expect(await second.closed).toBe(1000);

    const endReasons = async () => {
      const recordings = await call(fixtures.admin, 'GET', '/api/terminal/v1/recordings');
      expectStatus(recordings, 200);
      return (recordings.json.sessions as { agent_id: string; end_reason: string | null }[])
        .filter((s) => s.agent_id === agentId)
        .map((s) => s.end_reason);
    };
    // The console is told at once; each end is stored a moment later.
    await until(async () => !(await endReasons()).includes(null));
    expect((await endReasons()).sort()).toEqual(['agent', 'console']);
    agent.terminal!.drop();
  });

  it('keeps the recording of a session whose API process was killed, and ends it from the live one', async () => {
    const customerId = fixtures.acme.customerId;
    const enrolment = await call(fixtures.analyst, 'POST', '/api/agents/v1/enrolment-tokens', {
      customer_id: customerId,
      name: 'Killed process',
    });
    expectStatus(enrolment, 201);
    const agent = new SimulatedAgent(new SimulatedEndpoint('CRASH', 1, 5), agentSide.base, 60);
    await agent.enrol(enrolment.json.token as string);
    const agentId = agent.client.agentId!;
    expectStatus(
      await call(fixtures.analyst, 'PUT', `/api/agents/v1/agents/${agentId}/settings`, {
        terminal_enabled: true,
      }),
      200,
    );
    await agent.connectTerminal();
    const capability = `/api/module/agents/v1/agents/interactive-shell/capable/${agentId}`;
    while (!(await call(fixtures.analyst, 'GET', capability)).json.active_connection);
    const started = await call(fixtures.analyst, 'POST', '/api/terminal/v1/sessions', { agent_id: agentId });
    expectStatus(started, 201);
    const sessionId = started.json.session_id as string;
    const reader = await dial(`${consoleSide.base.replace('http', 'ws')}${started.json.socket_path}`);
    if (typeof reader === 'number') throw new Error(`console socket refused: ${reader}`);
    await reader.next((f) => f.type === 'ready');
    reader.send({ type: 'input', data: 'hostname\r' });
    await reader.output(`${agent.endpoint.hostName}\r\n`);
    // The holder has written the command to the database (within about a second) …
    const written = async () =>
      (
        await database.db
          .select({ data: terminalRecordingChunks.data })
          .from(terminalRecordingChunks)
          .where(eq(terminalRecordingChunks.sessionId, sessionId))
      )
        .map((chunk) => chunk.data)
        .join('');
    const typed = '"i","hostname\\r"';
    while (!(await written()).includes(typed)) await pause();
    // … and is killed: no shutdown, nothing stored on the way out.
    await agentSide.kill();
    agent.terminal!.drop();
    // The console's process finds it dead (not seen for 30 s) and ends its session.
    const recording = async () =>
      (await call(fixtures.admin, 'GET', `/api/terminal/v1/recordings/${sessionId}`)).json;
    let ended = await recording();
    while (ended.end_reason === null) {
      await pause();
      ended = await recording();
    }
    expect(ended.end_reason).toBe('server_stopped');
    expect(ended.recording).toContain(typed);
    expect(ended.recording).toContain(`${agent.endpoint.hostName}\\r\\n`);
  }, 120_000);
});

/** Between polls of what another process does in its own time (its heartbeat is every 10 s). */
const pause = () => new Promise((resolve) => setTimeout(resolve, 250));
