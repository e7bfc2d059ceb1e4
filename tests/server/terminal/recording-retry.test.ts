import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, terminalRecordingChunks, terminalSessions } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { intervalsByHand, terminalContext, until } from './helpers.ts';

// Recordings are written at a session's start and end only (the one-second flushes wait), so the
// writes a test makes fail are the end's.
intervalsByHand();

/**
 * A session that ends while the database is briefly unreachable: the recording's tail and the
 * session's end are tried again, waiting longer each time, until they are stored.
 */
describe.each(backends())('a terminal session ending while the database is away, on %s', (backend) => {
  const c = terminalContext(backend);
  const db = () => c.t.database.db;

  /** Refuses the app's recording chunk writes while `away`, then `more` times; and `transactions` of them. */
  const unreachable = () => {
    const state = { away: true, more: 0, transactions: 0, refused: 0 };
    const database = db();
    const insert = database.insert.bind(database);
    const transaction = database.transaction.bind(database);
    const refuse = () => {
      state.refused += 1;
      throw new Error('Connection terminated unexpectedly');
    };
    vi.spyOn(database, 'insert').mockImplementation(((table: Parameters<typeof insert>[0]) => {
      if (table === terminalRecordingChunks && (state.away || (state.more > 0 && state.more--))) refuse();
      return insert(table);
    }) as typeof insert);
    vi.spyOn(database, 'transaction').mockImplementation(((...args: Parameters<typeof transaction>) => {
      if (state.transactions > 0 && state.transactions--)
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      return transaction(...args);
    }) as typeof transaction);
    return state;
  };

  const chunksOf = (sessionId: string) =>
    db()
      .select({ seq: terminalRecordingChunks.seq })
      .from(terminalRecordingChunks)
      .where(eq(terminalRecordingChunks.sessionId, sessionId))
      .orderBy(asc(terminalRecordingChunks.seq));

  it('keeps the recording’s tail and the end until the database takes them', async () => {
    await c.grant('analyst@test.example');
    const agent = await c.connectedAgent(0);
    const { session, reader } = await c.openConsole(agent.client.agentId!);
    const id = session.session_id;
    await reader.output('svc_watchfloor> ');
    // The header was written as the session started.
    await until(async () => (await chunksOf(id)).length === 1);

    const database = unreachable();
    try {
      reader.send({ type: 'input', data: 'hostname\r' });
      await reader.output('TERM-WS-001\r\n');
      reader.send({ type: 'end' });
      expect(await reader.next((f) => f.type === 'ended')).toMatchObject({ reason: 'console' });
      await reader.closed;
      // The end's write of the tail was refused; the database comes back, refusing once more,
      // and the end's own transaction once.
      await until(async () => database.refused > 0);
      Object.assign(database, { away: false, more: 1, transactions: 1 });

      const stored = async () => {
        const [row] = await db()
          .select({
            endReason: terminalSessions.endReason,
            recording: terminalSessions.recording,
            recordingBytes: terminalSessions.recordingBytes,
          })
          .from(terminalSessions)
          .where(eq(terminalSessions.sessionId, id));
        return row!;
      };
      await until(async () => (await stored()).endReason !== null);
      // Both refusals after the database came back were met: the tail and the end were tried again.
      expect(database).toMatchObject({ more: 0, transactions: 0 });
      const row = await stored();
      expect(row.endReason).toBe('console');
      expect(row.recordingBytes).toBe(Buffer.byteLength(row.recording!));
      const events = row
        .recording!.trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => JSON.parse(line).slice(1));
      expect(events).toContainEqual(['i', 'hostname\r']);
      expect(
        events
          .filter((event) => event[0] === 'o')
          .map((event) => event[1])
          .join(''),
      ).toContain('hostname\r\nTERM-WS-001\r\n');
      expect(await chunksOf(id)).toEqual([]);
      const audited = await db()
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'terminal_session'), eq(auditLog.action, 'end'), eq(auditLog.entityId, id)),
        );
      expect(audited).toEqual([
        { after: expect.objectContaining({ end_reason: 'console', truncated: false }) },
      ]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
