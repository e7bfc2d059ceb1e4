import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { terminalRecordingChunks, terminalSessions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import type { AsciicastRecorder } from './recording.ts';

/**
 * Appends one live session's recording to terminal_recording_chunks as it grows. Writes run one
 * after another (so `seq` follows the recording) and never on the keystroke path: the relay asks
 * for a flush every second and the recorder when its waiting lines grow large.
 */
export class RecordingWriter {
  private seq = 0;
  private queued = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly sessionId: string,
    private readonly recorder: AsciicastRecorder,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes what was recorded until the write starts; resolves once it is written (or logged as not). */
  flush(): Promise<void> {
    if (this.queued) return this.chain;
    this.queued = true;
    this.chain = this.chain.then(() => {
      this.queued = false;
      return this.write();
    });
    return this.chain;
  }

  /**
   * Writes everything recorded; rejects when some of it could not be written (it is kept for the
   * next try). The session's end calls it until it resolves: the tail is not lost.
   */
  async writeAll(): Promise<void> {
    await this.flush();
    if (this.recorder.holdsLines) throw new Error('terminal recording chunk not written');
  }

  private async write(): Promise<void> {
    const data = this.recorder.take();
    if (data === null) return;
    try {
      // A write whose answer was lost after it committed is there already: the retry's text
      // starts with that chunk's (it was put back in front), so it replaces it.
      await this.db
        .insert(terminalRecordingChunks)
        .values({ sessionId: this.sessionId, seq: this.seq, data })
        .onConflictDoUpdate({
          target: [terminalRecordingChunks.sessionId, terminalRecordingChunks.seq],
          set: { data: sql`excluded.data` },
        });
      this.seq += 1;
    } catch (error) {
      // Kept for the next flush: a database that hiccups loses nothing while the process lives.
      this.recorder.putBack(data);
      this.log.warn({ err: error, sessionId: this.sessionId }, 'terminal recording chunk not written');
    }
  }
}

/**
 * Ends sessions in the database: their chunks appended to `recording` (in order) and deleted.
 * A session ended already keeps its first end; chunks written after it (a process that was taken
 * for dead while it stalled) are still appended. Answers the sessions this call ended.
 */
export async function sealRecordings(
  tx: Db,
  sessionIds: string[],
  reason: string,
  endedAt: Date,
): Promise<{ sessionId: string; recordingBytes: number }[]> {
  if (sessionIds.length === 0) return [];
  const endedHere = await tx
    .update(terminalSessions)
    .set({ endedAt, endReason: reason })
    .where(and(inArray(terminalSessions.sessionId, sessionIds), isNull(terminalSessions.endedAt)))
    .returning({ sessionId: terminalSessions.sessionId });
  // What is deleted is what is appended: a chunk a live process commits meanwhile is neither, and
  // its own end appends it later (reading the chunks, then deleting them, could drop it).
  const moved = await tx
    .delete(terminalRecordingChunks)
    .where(inArray(terminalRecordingChunks.sessionId, sessionIds))
    .returning({
      sessionId: terminalRecordingChunks.sessionId,
      seq: terminalRecordingChunks.seq,
      data: terminalRecordingChunks.data,
    });
  const tails = new Map<string, string>();
  for (const chunk of moved.sort((a, b) => a.seq - b.seq))
    tails.set(chunk.sessionId, (tails.get(chunk.sessionId) ?? '') + chunk.data);
  const bytes = new Map<string, number>();
  for (const sessionId of sessionIds) {
    const recording = sql`coalesce(${terminalSessions.recording}, '') || ${tails.get(sessionId) ?? ''}::text`;
    const [row] = await tx
      .update(terminalSessions)
      .set({ recording: sql`nullif(${recording}, '')`, recordingBytes: sql`octet_length(${recording})` })
      .where(eq(terminalSessions.sessionId, sessionId))
      .returning({ recordingBytes: terminalSessions.recordingBytes });
    if (row) bytes.set(sessionId, row.recordingBytes);
  }
  return endedHere.map((row) => ({
    sessionId: row.sessionId,
    recordingBytes: bytes.get(row.sessionId) ?? 0,
  }));
}
