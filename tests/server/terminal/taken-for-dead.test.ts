import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endStoppedSessions } from '../../../src/server/areas/terminal/stopped-sessions.ts';
import {
  terminalChannels,
  terminalRelayNodes,
  terminalSessions,
} from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { endedElsewhere } from './ended-elsewhere.ts';
import { intervalsByHand, terminalContext } from './helpers.ts';

// The heartbeat fires when the test says (the process waking from its stall), never on its own
// between a step and the next; the other intervals (recording flushes, certificate checks) wait
// too, so what the session recorded is still held in memory when it is ended elsewhere.
intervalsByHand();

/**
 * An API process that stalls past the time-out (a long pause, a blocked event loop) is taken for
 * dead: another process deletes its row and ends its sessions ('server_stopped'). Its heartbeat
 * finds that out; then it ends those sessions itself, as the database says, and relays new ones
 * under a new name. Here the rows go while its own last beat is recent by its clock (another
 * process with a shorter time-out, a row deleted by hand): it relays until that heartbeat. One
 * whose last beat is older than its time-out holds everything until the beat (stalled-relay.test.ts).
 */
describe.each(backends())('a terminal relay process taken for dead while it stalled, on %s', (backend) => {
  const c = terminalContext(backend);
  const db = () => c.t.database.db;
  const nodes = () => c.t.app.terminalRelay.nodes;

  const {
    liveSession,
    exchange,
    sweep,
    sessionRow,
    expectEnded,
    storedEvents,
    endAudits,
    expectFirstEndKept,
  } = endedElsewhere(c);

  /** The rows naming this process, the old name or the new. */
  const namedRows = async (...nodeIds: string[]) =>
    db()
      .select({ nodeId: terminalRelayNodes.nodeId })
      .from(terminalRelayNodes)
      .where(inArray(terminalRelayNodes.nodeId, nodeIds));
  const channelHolder = async (agentId: string) =>
    (
      await db()
        .select({ nodeId: terminalChannels.nodeId })
        .from(terminalChannels)
        .where(eq(terminalChannels.agentId, agentId))
    ).map((row) => row.nodeId);

  it('ends the sessions another process ended, as it did, keeping what it relayed since; new sessions run under a new name', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.agentByHand(0);
    const live = await liveSession(agent);
    await exchange(live, 'hostname\r', 'HAND-WS-001\r\n');
    const former = nodes().nodeId;
    await sweep(former);
    const endedThere = await sessionRow(live.id);
    expect(endedThere).toMatchObject({ endReason: 'server_stopped', endedAt: expect.any(Date) });

    // Before its heartbeat, its last beat recent: the session still runs here, and is recorded.
    await exchange(live, 'whoami\r', 'svc_late\r\n');
    await nodes().beat();
    await expectEnded(live);
    const events = await storedEvents(live.id, 'svc_late');
    expect(events).toEqual([
      ['i', 'hostname\r'],
      ['o', 'HAND-WS-001\r\n'],
      ['i', 'whoami\r'],
      ['o', 'svc_late\r\n'],
    ]);
    // The first end stands: its time, its reason, its one audit entry (by the server).
    await expectFirstEndKept(live.id, endedThere.endedAt);

    // A new name, its channel recorded under it: a new session on the same agent runs.
    const renamed = nodes().nodeId;
    expect(renamed).not.toBe(former);
    expect(await namedRows(former, renamed)).toEqual([{ nodeId: renamed }]);
    expect(await channelHolder(agent.agentId)).toEqual([renamed]);
    const next = await liveSession(agent);
    expect((await sessionRow(next.id)).relayNodeId).toBe(renamed);
    await exchange(next, 'hostname\r', 'HAND-WS-001\r\n');
    next.console.send({ type: 'end' });
    expect(await next.console.next((f) => f.type === 'ended')).toMatchObject({ reason: 'console' });
  });

  it('ends a session the database says has ended while its own row stays, keeping its name', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.agentByHand(1);
    const live = await liveSession(agent);
    await exchange(live, 'hostname\r', 'HAND-WS-002\r\n');
    const name = nodes().nodeId;
    await db().transaction((tx) => endStoppedSessions(tx, eq(terminalSessions.sessionId, live.id)));

    await exchange(live, 'whoami\r', 'svc_late\r\n');
    await nodes().beat();
    await expectEnded(live);
    expect(await storedEvents(live.id, 'svc_late')).toContainEqual(['i', 'whoami\r']);
    expect(await endAudits(live.id)).toHaveLength(1);
    expect(nodes().nodeId).toBe(name);
    expect(await channelHolder(agent.agentId)).toEqual([name]);
  });

  it('ends its sessions itself when its row alone vanished (no other process can reach them), and keeps its channels', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.agentByHand(2);
    const live = await liveSession(agent);
    await exchange(live, 'hostname\r', 'HAND-WS-003\r\n');
    const former = nodes().nodeId;
    await db().delete(terminalRelayNodes).where(eq(terminalRelayNodes.nodeId, former));

    await nodes().beat();
    await expectEnded(live);
    expect(await storedEvents(live.id, 'HAND-WS-003')).toContainEqual(['i', 'hostname\r']);
    expect(await sessionRow(live.id)).toMatchObject({
      endReason: 'server_stopped',
      endedAt: expect.any(Date),
    });
    expect(await endAudits(live.id)).toEqual([
      expect.objectContaining({
        actorId: c.t.fixtures.analyst.contactId,
        after: expect.objectContaining({ end_reason: 'server_stopped' }),
      }),
    ]);
    const renamed = nodes().nodeId;
    expect(renamed).not.toBe(former);
    expect(await channelHolder(agent.agentId)).toEqual([renamed]);
    expect(agent.channel.socket.readyState).toBe(1);
  });
});
