import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/types.ts';
import type { EndReason } from './messages.ts';
import type { RecordingWriter } from './recording-chunks.ts';
import { deadCertificates } from './session-end.ts';

/** How often live sessions' certificates are read again (revocation, expiry). */
const CERTIFICATE_CHECK_MS = 1000;
/** Agents' channels are pinged this often; one that missed the last pong is dropped. */
const PING_MS = 30_000;
/** Live recordings are written this often: a process that crashes loses at most this much. */
const RECORDING_FLUSH_MS = 1000;

/** What the watches read of a live session. */
export interface WatchedSession {
  id: string;
  certificateId: string;
  writer: RecordingWriter;
}

/** The relay's live sessions and agents' channels, as the watches see them. */
export interface Watched {
  sessions(): Iterable<WatchedSession>;
  channels(): Iterable<WebSocket>;
  end(sessionId: string, reason: EndReason): void;
}

/**
 * The relay's work on a clock, off the keystroke path: while sessions live, their certificates
 * are read again (none outlives its certificate) and what they recorded is written every second;
 * the agents' channels are pinged for as long as the relay runs.
 */
export class RelayWatches {
  private certificateTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly pingTimer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly watched: Watched,
  ) {
    this.pingTimer = setInterval(() => this.pingChannels(), PING_MS);
    this.pingTimer.unref();
  }

  /** A session started: the per-session watches run (once, however many sessions live). */
  sessionStarted(): void {
    if (!this.certificateTimer) {
      this.certificateTimer = setInterval(
        () => void this.endSessionsOfDeadCertificates(),
        CERTIFICATE_CHECK_MS,
      );
      this.certificateTimer.unref();
    }
    if (!this.flushTimer) {
      this.flushTimer = setInterval(() => {
        for (const session of this.watched.sessions()) void session.writer.flush();
      }, RECORDING_FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  /** The last session ended: nothing is left to read again or write. */
  noSessionsLeft(): void {
    clearInterval(this.certificateTimer);
    clearInterval(this.flushTimer);
    this.certificateTimer = undefined;
    this.flushTimer = undefined;
  }

  close(): void {
    clearInterval(this.pingTimer);
  }

  private async endSessionsOfDeadCertificates() {
    const live = [...this.watched.sessions()];
    const ids = [...new Set(live.map((session) => session.certificateId))];
    if (ids.length === 0) return;
    try {
      const deadIds = await deadCertificates(this.db, ids);
      for (const session of [...this.watched.sessions()])
        if (deadIds.has(session.certificateId)) this.watched.end(session.id, 'certificate');
    } catch (error) {
      this.log.warn({ err: error }, 'terminal certificates not checked');
    }
  }

  private pingChannels() {
    for (const socket of this.watched.channels()) {
      const marked = socket as WebSocket & { alive?: boolean };
      if (marked.alive === false) {
        socket.terminate();
        continue;
      }
      marked.alive = false;
      socket.ping();
    }
  }
}
