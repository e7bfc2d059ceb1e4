import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import {
  CLIENT_ADDRESS_HEADER,
  FORWARDED_HEADER,
  NODE_SECRET_HEADER,
} from '../../../src/server/areas/terminal/forward.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { auditLog, terminalSessions } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { dial, terminalContext, until } from './helpers.ts';

/**
 * Two API servers on one database (README, 'Running at scale'): the agent's channel reaches one,
 * the console the other; the session lives where the agent is and the console's calls and socket
 * are passed on to it. The same with real processes: tests/scale/terminal.test.ts.
 */
describe.each(backends())('a live terminal across two API servers on %s', (backend) => {
  const c = terminalContext(backend);
  let other: FastifyInstance;
  let otherHost = '';
  beforeAll(async () => {
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
    other = await buildApp(config, c.t.database, { logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherHost = `127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  });
  afterAll(() => other?.close());

  /** An agent whose channel reached the other server, seen connected from this one. */
  const agentOnOther = async (index: number) => {
    const agent = await c.connectedAgent(index, c.acme(), otherHost);
    const agentId = agent.client.agentId!;
    while (!(await c.activeConnection(agentId))) await new Promise((resolve) => setImmediate(resolve));
    return agent;
  };

  it('relays a command from a console on one server to an agent on the other; the agent ends both', async () => {
    await c.grant('analyst@test.example');
    const agent = await agentOnOther(0);
    const { reader } = await c.openConsole(agent.client.agentId!);
    await reader.output('svc_watchfloor> ');
    reader.send({ type: 'input', data: 'hostname\r' });
    expect(await reader.output('TERM-WS-001\r\n')).toContain('hostname\r\nTERM-WS-001\r\n');
    reader.send({ type: 'input', data: 'exit\r' });
    expect(await reader.next((f) => f.type === 'ended')).toMatchObject({ reason: 'agent' });
    expect(await reader.closed).toBe(1000);
  });

  it('ends the session on both servers from the console, recorded once', async () => {
    await c.grant('analyst@test.example');
    const agent = await agentOnOther(1);
    const { session, reader } = await c.openConsole(agent.client.agentId!);
    reader.send({ type: 'input', data: 'whoami\r' });
    await reader.output('svc_watchfloor\r\n');
    reader.send({ type: 'end' });
    expect(await reader.next((f) => f.type === 'ended')).toMatchObject({ reason: 'console' });
    await reader.closed;
    // The agent may take a new session at once: its side ended too.
    const again = await c.openConsole(agent.client.agentId!);
    again.reader.send({ type: 'end' });
    await again.reader.closed;
    // The console is told at once; the recording is stored a moment later.
    const replayed = () =>
      c.t.as(c.t.fixtures.admin, { url: `/api/terminal/v1/recordings/${session.session_id}` });
    await until(async () => (await replayed()).json().end_reason != null);
    const replay = await replayed();
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ end_reason: 'console' });
    expect(replay.json().recording).toContain('"i","whoami\\r"');
  });

  it('refuses a wrong ticket on the console’s server with the holder’s answer', async () => {
    await c.grant('analyst@test.example');
    const agent = await agentOnOther(2);
    const started = (await c.start(agent.client.agentId!)).json();
    const host = await c.listening();
    expect(await dial(`ws://${host}/api/terminal/v1/sessions/${started.session_id}/console?ticket=x`)).toBe(
      403,
    );
    const reader = await dial(`ws://${host}${started.socket_path}`);
    if (typeof reader === 'number') throw new Error(`console socket refused: ${reader}`);
    await reader.next((f) => f.type === 'ready');
    reader.socket.close();
    await reader.closed;
  });

  /** The session's recorded address, and its audit rows' addresses. */
  const addresses = async (sessionId: string) => {
    const [row] = await c.t.database.db
      .select({ clientAddress: terminalSessions.clientAddress })
      .from(terminalSessions)
      .where(eq(terminalSessions.sessionId, sessionId));
    const audited = await c.t.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'terminal_session'), eq(auditLog.entityId, sessionId)));
    const changeOf = (action: string) =>
      audited.find((a) => a.action === action)?.after as Record<string, unknown> | undefined;
    return { session: row?.clientAddress, start: changeOf('start')?.client_address, end: changeOf('end') };
  };

  it('records the person’s address on the holder, not the address of the process that passed the calls on', async () => {
    await c.grant('analyst@test.example');
    const agent = await agentOnOther(3);
    const started = await c.t.as(c.t.fixtures.analyst, {
      method: 'POST',
      url: '/api/terminal/v1/sessions',
      payload: { agent_id: agent.client.agentId },
      remoteAddress: '203.0.113.7',
    });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json() as { session_id: string; socket_path: string };
    // The console's socket comes from another loopback address than the two servers' own.
    const reader = await dial(`ws://${await c.listening()}${session.socket_path}`, {}, '127.0.0.2');
    if (typeof reader === 'number') throw new Error(`console socket refused: ${reader}`);
    await reader.next((f) => f.type === 'ready');
    reader.send({ type: 'end' });
    await reader.closed;
    await until(async () => (await addresses(session.session_id)).end !== undefined);
    expect(await addresses(session.session_id)).toEqual({
      session: '203.0.113.7',
      start: '203.0.113.7',
      end: expect.objectContaining({ console_address: '127.0.0.2' }),
    });
  });

  it('believes a passed-on address only from an API process that proves itself', async () => {
    await c.grant('analyst@test.example');
    // This server's row (with its secret's hash) is written once it listens.
    await c.listening();
    const agent = await agentOnOther(4);
    const thisNode = c.t.app.terminalRelay.nodes;
    const token = await c.t.tokenFor(c.t.fixtures.analyst);
    const startOnOther = async (headers: Record<string, string>) => {
      const response = await other.inject({
        method: 'POST',
        url: '/api/terminal/v1/sessions',
        payload: { agent_id: agent.client.agentId },
        remoteAddress: '192.0.2.44',
        headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': 'xsrf', ...headers },
        cookies: { 'XSRF-TOKEN': 'xsrf' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { session_id } = response.json() as { session_id: string };
      const recorded = await addresses(session_id);
      await other.terminalRelay.end(session_id, 'console');
      return recorded.session;
    };
    // A client that says it was passed on, with no secret or a wrong one: its own address counts.
    const claimed = { [FORWARDED_HEADER]: thisNode.nodeId, [CLIENT_ADDRESS_HEADER]: '198.51.100.9' };
    expect(await startOnOther(claimed)).toBe('192.0.2.44');
    expect(await startOnOther({ ...claimed, [NODE_SECRET_HEADER]: 'not-the-secret' })).toBe('192.0.2.44');
    // The process's own secret: the address it passed on counts.
    expect(await startOnOther({ ...claimed, [NODE_SECRET_HEADER]: thisNode.secret })).toBe('198.51.100.9');
  });
});
