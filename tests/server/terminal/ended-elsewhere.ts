import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { END_MESSAGES, type EndReason } from '../../../src/server/areas/terminal/messages.ts';
import { endStoppedSessions } from '../../../src/server/areas/terminal/stopped-sessions.ts';
import {
  auditLog,
  terminalChannels,
  terminalRecordingChunks,
  terminalRelayNodes,
  terminalSessions,
} from '../../../src/server/db/schema/index.ts';
import { type terminalContext, until } from './helpers.ts';

type Context = ReturnType<typeof terminalContext>;
type HandAgent = Awaited<ReturnType<Context['agentByHand']>>;

/**
 * What the tests of a relay process taken for dead share: a live session on an agent the test
 * speaks for, another process's sweep of this one, and what the session's two sides, its row,
 * its recording and the audit show afterwards.
 */
export function endedElsewhere(c: Context) {
  const db = () => c.t.database.db;

  /** A live session on an agent the test speaks for. */
  const liveSession = async (agent: HandAgent) => {
    const consoleOpened = c.openConsole(agent.agentId);
    const agentSide = await agent.join();
    const { session, reader } = await consoleOpened;
    return { agentSide, id: session.session_id, console: reader };
  };
  type Live = Awaited<ReturnType<typeof liveSession>>;

  /** The console types a line; the agent sees it and answers; the console sees the answer. */
  const exchange = async (live: Live, input: string, output: string) => {
    live.console.send({ type: 'input', data: input });
    await live.agentSide.next((f) => f.type === 'input' && f.data === input);
    live.agentSide.send({ type: 'output', data: output });
    await live.console.output(output);
  };

  /**
   * Another process found this one's row not refreshed within the time-out: it deletes the row
   * and the channels, and ends the sessions (stopped-sessions.ts, as its sweep does).
   */
  const sweep = (nodeId: string) =>
    db().transaction(async (tx) => {
      await tx.delete(terminalRelayNodes).where(eq(terminalRelayNodes.nodeId, nodeId));
      await tx.delete(terminalChannels).where(eq(terminalChannels.nodeId, nodeId));
      await endStoppedSessions(tx, eq(terminalSessions.relayNodeId, nodeId));
    });

  const sessionRow = async (sessionId: string) => {
    const [row] = await db()
      .select({
        endedAt: terminalSessions.endedAt,
        endReason: terminalSessions.endReason,
        recording: terminalSessions.recording,
        recordingBytes: terminalSessions.recordingBytes,
        relayNodeId: terminalSessions.relayNodeId,
      })
      .from(terminalSessions)
      .where(eq(terminalSessions.sessionId, sessionId));
    return row!;
  };

  /** What the console and the agent are told, and how their sockets close. */
  const expectEnded = async (live: Live, reason: EndReason = 'server_stopped') => {
    expect(await live.console.next((f) => f.type === 'ended')).toEqual({
      type: 'ended',
      reason,
      message: END_MESSAGES[reason],
    });
    expect(await live.console.closed).toBe(1000);
    expect(await live.agentSide.next((f) => f.type === 'end')).toEqual({ type: 'end', reason });
    expect(await live.agentSide.closed).toBe(1000);
  };

  /** The stored recording, once it holds `text`: its events after the header, and nothing left in chunks. */
  const storedEvents = async (sessionId: string, text: string) => {
    await until(async () => (await sessionRow(sessionId)).recording?.includes(text) === true);
    const row = await sessionRow(sessionId);
    expect(row.recordingBytes).toBe(Buffer.byteLength(row.recording!));
    const chunks = await db()
      .select({ seq: terminalRecordingChunks.seq })
      .from(terminalRecordingChunks)
      .where(eq(terminalRecordingChunks.sessionId, sessionId))
      .orderBy(asc(terminalRecordingChunks.seq));
    expect(chunks).toEqual([]);
    const [header, ...events] = row
      .recording!.trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(header).toMatchObject({ version: 2, width: 80, height: 24 });
    return events.map((event) => event.slice(1));
  };

  const endAudits = (sessionId: string) =>
    db()
      .select({ actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'terminal_session'),
          eq(auditLog.action, 'end'),
          eq(auditLog.entityId, sessionId),
        ),
      );

  /** The end another process recorded stands: its time, its reason, its one audit entry (by no one). */
  const expectFirstEndKept = async (sessionId: string, endedAt: Date | null) => {
    expect(await sessionRow(sessionId)).toMatchObject({ endedAt, endReason: 'server_stopped' });
    expect(await endAudits(sessionId)).toEqual([
      expect.objectContaining({
        actorId: null,
        after: expect.objectContaining({ end_reason: 'server_stopped' }),
      }),
    ]);
  };

  return {
    liveSession,
    exchange,
    sweep,
    sessionRow,
    expectEnded,
    storedEvents,
    endAudits,
    expectFirstEndKept,
  };
}
