import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { backends } from '../../helpers/database.ts';
import { dial, terminalContext } from './helpers.ts';

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
    const replay = await c.t.as(c.t.fixtures.admin, {
      url: `/api/terminal/v1/recordings/${session.session_id}`,
    });
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
});
