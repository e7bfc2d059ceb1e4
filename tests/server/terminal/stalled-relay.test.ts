import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { terminalRelayNodes } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { endedElsewhere } from './ended-elsewhere.ts';
import { intervalsByHand, terminalContext, until } from './helpers.ts';

// No heartbeat runs on its own (a beat here is one that what arrived asked for), and the wall
// clock moves only when the test says: a stall is the clock jumping past the time-out.
intervalsByHand({ wallClock: true });

/**
 * An API process whose last heartbeat is older than the time-out may have been taken for dead
 * while it stalled (another process then ended its sessions). It relays nothing until a beat has
 * said which sessions are still its own: what arrives is held, a beat runs at once, and then the
 * sessions ended elsewhere end as recorded and the others get what they held, in order.
 */
describe.each(backends())('a terminal relay process past its time-out, on %s', (backend) => {
  const c = terminalContext(backend);
  const db = () => c.t.database.db;
  const nodes = () => c.t.app.terminalRelay.nodes;
  const { liveSession, exchange, sweep, sessionRow, expectEnded, storedEvents, expectFirstEndKept } =
    endedElsewhere(c);

  /** The process stalls: when it wakes, its last beat is older than its time-out. */
  const stall = () => vi.setSystemTime(Date.now() + (c.t.app.config.terminal.nodeTimeoutSeconds + 1) * 1000);

  const seenAt = async (nodeId: string) => {
    const [row] = await db()
      .select({ seenAt: terminalRelayNodes.seenAt })
      .from(terminalRelayNodes)
      .where(eq(terminalRelayNodes.nodeId, nodeId));
    return row?.seenAt;
  };

  it('relays none of what arrives for a session ended elsewhere, and ends it as recorded, keeping what it recorded before', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.agentByHand(0);
    const live = await liveSession(agent);
    await exchange(live, 'hostname\r', 'HAND-WS-001\r\n');
    const former = nodes().nodeId;
    await sweep(former);
    const endedThere = await sessionRow(live.id);

    stall();
    live.console.send({ type: 'input', data: 'whoami\r' });
    live.agentSide.send({ type: 'output', data: 'svc_late\r\n' });
    // Only a held frame starts a beat here: without the hold, the session would never end.
    await expectEnded(live, 'server_stopped');
    expect(live.agentSide.frames.filter((f) => f.type === 'input').map((f) => f.data)).toEqual([
      'hostname\r',
    ]);
    expect(live.console.frames.filter((f) => f.type === 'output').map((f) => f.data)).toEqual([
      'HAND-WS-001\r\n',
    ]);
    expect(await storedEvents(live.id, '"i","hostname')).toEqual([
      ['i', 'hostname\r'],
      ['o', 'HAND-WS-001\r\n'],
    ]);
    await expectFirstEndKept(live.id, endedThere.endedAt);
    expect(nodes().nodeId).not.toBe(former);
  });

  it('gives a session still its own what it held, in order, once the beat has found its row', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.agentByHand(1);
    const live = await liveSession(agent);
    await exchange(live, 'hostname\r', 'HAND-WS-002\r\n');
    const name = nodes().nodeId;
    const seenBefore = await seenAt(name);

    // The beat waits until the test lets it go, so that what arrives meanwhile is seen held.
    const beat = nodes().beat.bind(nodes());
    let letBeat = () => {};
    const beatAllowed = new Promise<void>((resolve) => {
      letBeat = resolve;
    });
    const beats = vi.spyOn(nodes(), 'beat').mockImplementation(() => beatAllowed.then(beat));
    stall();
    live.console.send({ type: 'input', data: 'ls\r' });
    live.console.send({ type: 'resize', cols: 100, rows: 30 });
    live.console.send({ type: 'input', data: 'pwd\r' });
    live.agentSide.send({ type: 'output', data: 'notes.txt\r\n' });
    live.agentSide.send({ type: 'output', data: 'C:\\Users\\svc\r\n' });
    await until(async () => beats.mock.calls.length > 0);
    const relayed = () =>
      live.agentSide.frames.filter((f) => f.type !== 'ready').map((f) => f.data ?? f.cols);
    expect(relayed()).toEqual(['hostname\r']);

    letBeat();
    await live.agentSide.next((f) => f.type === 'input' && f.data === 'pwd\r');
    expect(relayed()).toEqual(['hostname\r', 'ls\r', 100, 'pwd\r']);
    expect(await live.console.output('C:\\Users\\svc\r\n')).toBe(
      'HAND-WS-002\r\nnotes.txt\r\nC:\\Users\\svc\r\n',
    );
    expect((await seenAt(name))!.getTime()).toBeGreaterThan(seenBefore!.getTime());
    expect(nodes().nodeId).toBe(name);
    beats.mockRestore();

    // Proved alive again: the session runs on at once, and ends as its console says.
    await exchange(live, 'whoami\r', 'svc_ops\r\n');
    live.console.send({ type: 'end' });
    await expectEnded(live, 'console');
    const events = await storedEvents(live.id, 'svc_ops');
    expect(events.filter(([code]) => code !== 'o')).toEqual([
      ['i', 'hostname\r'],
      ['i', 'ls\r'],
      ['r', '100x30'],
      ['i', 'pwd\r'],
      ['i', 'whoami\r'],
    ]);
    expect(events.filter(([code]) => code === 'o').map(([, data]) => data)).toEqual([
      'HAND-WS-002\r\n',
      'notes.txt\r\n',
      'C:\\Users\\svc\r\n',
      'svc_ops\r\n',
    ]);
  });
});

/** A timer that ends a session (nobody typing) and fires as the process wakes waits for the beat too. */
describe.each(backends())(
  'a terminal relay process past its time-out, its idle timer firing, on %s',
  (backend) => {
    const c = terminalContext(backend, { TERMINAL_IDLE_SECONDS: '2' });
    const { liveSession, exchange, sweep, sessionRow, expectEnded } = endedElsewhere(c);

    it('ends a session ended elsewhere with the reason recorded there, not as idle', async () => {
      await c.grant('analyst@test.example');
      const agent = await c.agentByHand(2);
      const live = await liveSession(agent);
      await exchange(live, 'hostname\r', 'HAND-WS-003\r\n');
      await sweep(c.t.app.terminalRelay.nodes.nodeId);
      vi.setSystemTime(Date.now() + (c.t.app.config.terminal.nodeTimeoutSeconds + 1) * 1000);
      // Nothing arrives: the idle timer is what wakes the relay, and it asks for the beat first.
      await expectEnded(live, 'server_stopped');
      expect(await sessionRow(live.id)).toMatchObject({ endReason: 'server_stopped' });
    });
  },
);
