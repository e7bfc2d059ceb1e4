import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, terminalCertificates } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { dial, terminalContext, until } from './helpers.ts';

describe.each(backends())('live terminal relay on %s', (backend) => {
  const c = terminalContext(backend);

  it('relays a command and its output, ends from the console, and keeps the recording and the audit', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.connectedAgent(0);
    const { session, reader } = await c.openConsole(agent.client.agentId!);
    expect(await reader.output('svc_watchfloor> ')).toContain('Watchfloor restricted shell on TERM-WS-001');
    reader.send({ type: 'resize', cols: 120, rows: 40 });
    reader.send({ type: 'input', data: 'hostname\r' });
    expect(await reader.output('TERM-WS-001\r\n')).toContain('hostname\r\nTERM-WS-001\r\n');
    reader.send({ type: 'input', data: 'rm -rf /\r' });
    await reader.output('rm: command not found');
    reader.send({ type: 'end' });
    expect(await reader.next((f) => f.type === 'ended')).toMatchObject({ reason: 'console' });
    expect(await reader.closed).toBe(1000);

    // The console is told at once; the recording is stored a moment later.
    const listedNow = async () => {
      const list = await c.t.as(c.t.fixtures.admin, { url: '/api/terminal/v1/recordings' });
      expect(list.statusCode, list.body).toBe(200);
      return list.json().sessions.find((s: { session_id: string }) => s.session_id === session.session_id);
    };
    await until(async () => (await listedNow())?.end_reason != null);
    const listed = await listedNow();
    expect(listed).toMatchObject({
      customer_id: c.acme(),
      customer_name: 'Acme Test',
      agent_id: agent.client.agentId,
      host_name: 'TERM-WS-001',
      contact_id: c.t.fixtures.analyst.contactId,
      email: 'analyst@test.example',
      end_reason: 'console',
    });
    const replay = (
      await c.t.as(c.t.fixtures.admin, { url: `/api/terminal/v1/recordings/${session.session_id}` })
    ).json();
    const [header, ...events] = (replay.recording as string)
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(header).toMatchObject({
      version: 2,
      width: 80,
      height: 24,
      title: 'TERM-WS-001 (analyst@test.example)',
    });
    expect(events).toContainEqual([expect.any(Number), 'i', 'hostname\r']);
    expect(events).toContainEqual([expect.any(Number), 'r', '120x40']);
    expect(
      events
        .filter((e) => e[1] === 'o')
        .map((e) => e[2])
        .join(''),
    ).toContain('TERM-WS-001\r\n');
    const audited = await c.t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'terminal_session'), eq(auditLog.entityId, session.session_id)));
    expect(audited.map((a) => a.action).sort()).toEqual(['end', 'start']);
    // Recordings are for administrators only.
    c.expectError(
      await c.t.as(c.t.fixtures.analyst, { url: '/api/terminal/v1/recordings' }),
      403,
      'forbidden',
    );
  });

  it('refuses each missing condition with its own reason', async () => {
    const agent = await c.connectedAgent(1);
    const id = agent.client.agentId!;
    const refused = await c.start(id, c.t.fixtures.viewer);
    c.expectError(refused, 403, 'forbidden');
    expect(refused.json().error.message).toBe('You do not have permission to start a terminal');
    const uncertified = await c.start(id, c.t.fixtures.acmeUser);
    c.expectError(uncertified, 409, 'terminal_certificate_required');
    await c.grant('user@acme.test');
    const old = await c.enrol(c.acme(), { host_name: 'ACME-OLD', version: '4.10.2' });
    c.expectError(await c.start(old.agentId, c.t.fixtures.acmeUser), 409, 'terminal_unsupported_version');
    const off = await c.enrol(c.acme(), { host_name: 'ACME-OFF' });
    c.expectError(await c.start(off.agentId, c.t.fixtures.acmeUser), 409, 'terminal_disabled');
    await c.enableTerminal(off.agentId);
    c.expectError(await c.start(off.agentId, c.t.fixtures.acmeUser), 409, 'agent_not_connected');
    c.expectError(
      await c.start('00000000-0000-4000-8000-000000000000', c.t.fixtures.acmeUser),
      404,
      'not_found',
    );
    const invalid = await c.start('not-a-uuid', c.t.fixtures.acmeUser);
    expect(invalid.statusCode).toBe(400);
    // Another customer's agent is not the caller's to see.
    const globex = await c.connectedAgent(7, c.t.fixtures.globex.customerId);
    c.expectError(await c.start(globex.client.agentId!, c.t.fixtures.acmeUser), 404, 'not_found');
    // A plain GET of a socket address says what it is.
    c.expectError(
      await c.t.as(null, { url: `/api/terminal/v1/sessions/${id}/console?ticket=x` }),
      426,
      'upgrade_required',
    );
  });

  it('keeps a ticket to its own session and an agent to its own sessions', async () => {
    await c.grant('analyst@test.example');
    const a = await c.connectedAgent(2);
    const b = await c.connectedAgent(3);
    const host = await c.listening();
    const onA = (await c.start(a.client.agentId!)).json();
    const onB = (await c.start(b.client.agentId!)).json();
    const bWithATicket = `ws://${host}/api/terminal/v1/sessions/${onB.session_id}/console?ticket=${onA.ticket}`;
    expect(await dial(bWithATicket)).toBe(403);
    // B's own ticket still works (a refused one uses nothing), and works once.
    const reader = await dial(`ws://${host}${onB.socket_path}`);
    expect(typeof reader).toBe('object');
    expect(await dial(`ws://${host}${onB.socket_path}`)).toBe(403);
    // A's console says ready once agent A has joined its side (the simulator joins on its own).
    const consoleA = await dial(`ws://${host}${onA.socket_path}`);
    if (typeof consoleA === 'number') throw new Error(`console socket refused: ${consoleA}`);
    await consoleA.next((f) => f.type === 'ready');
    // Agent A's credential cannot join B's session, nor its own session twice.
    const credentialA = { authorization: `Bearer ${a.client.credential}` };
    expect(await dial(`ws://${host}/api/agent/v1/terminal/sessions/${onB.session_id}`, credentialA)).toBe(
      404,
    );
    expect(await dial(`ws://${host}/api/agent/v1/terminal/sessions/${onA.session_id}`, credentialA)).toBe(
      409,
    );
    expect(await dial(`ws://${host}/api/agent/v1/terminal`, { authorization: 'Bearer nope.nope' })).toBe(401);
    if (typeof reader === 'object') reader.send({ type: 'end' });
    consoleA.send({ type: 'end' });
  });

  it('ends the console session with a message when the agent drops', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.connectedAgent(4);
    const { reader } = await c.openConsole(agent.client.agentId!);
    agent.terminal!.drop();
    expect(await reader.next((f) => f.type === 'ended')).toMatchObject({
      reason: 'agent_dropped',
      message: 'The agent dropped its connection; the session has ended.',
    });
    await reader.closed;
    c.expectError(await c.start(agent.client.agentId!), 409, 'agent_not_connected');
  });

  it('outlives no certificate: revoked or expired, the session ends', async () => {
    const certificate = await c.grant('analyst@test.example');
    const agent = await c.connectedAgent(5);
    const first = await c.openConsole(agent.client.agentId!);
    const revoked = await c.t.as(c.t.fixtures.admin, {
      method: 'POST',
      url: `/api/agents/v1/terminal-certificates/${certificate.certificate_id}/revoke`,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await first.reader.next((f) => f.type === 'ended')).toMatchObject({ reason: 'certificate' });

    const next = await c.grant('analyst@test.example');
    const second = await c.openConsole(agent.client.agentId!);
    await c.t.database.db
      .update(terminalCertificates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(terminalCertificates.certificateId, next.certificate_id));
    expect(await second.reader.next((f) => f.type === 'ended')).toMatchObject({ reason: 'certificate' });
  });
});

describe.each(backends())('an agent whose channel the server dropped on %s', (backend) => {
  const c = terminalContext(backend);

  it('dials its channel again and can be reached', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.connectedAgent(8);
    const agentId = agent.client.agentId!;
    // As a network cut or a restarting proxy does: the server's side of every socket goes at once.
    for (const socket of c.t.app.websocketServer.clients) socket.terminate();
    await agent.terminal!.whenDropped();
    await agent.terminal!.whenOpen();
    expect(await c.activeConnection(agentId)).toBe(true);
    const { reader } = await c.openConsole(agentId);
    reader.send({ type: 'input', data: 'hostname\r' });
    await reader.output(`${agent.endpoint.hostName}\r\n`);
    reader.send({ type: 'end' });
    await reader.closed;
  });
});

describe.each(backends())('live terminal idle time-out on %s', (backend) => {
  const c = terminalContext(backend, { TERMINAL_IDLE_SECONDS: '1' });

  it('ends a session nobody uses', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.connectedAgent(6);
    const { reader } = await c.openConsole(agent.client.agentId!);
    expect(await reader.next((f) => f.type === 'ended')).toMatchObject({ reason: 'idle' });
  });
});
