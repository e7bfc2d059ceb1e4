import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Db } from '../../db/types.ts';
import { hashSecret } from '../../platform/secrets.ts';
import {
  canonicalData,
  END_MESSAGES,
  type EndReason,
  INPUT_START,
  isSize,
  OUTPUT_START,
  parseFrame,
} from './messages.ts';
import { type NodeTiming, RelayNodes } from './nodes.ts';
import { AsciicastRecorder } from './recording.ts';
import { RecordingWriter } from './recording-chunks.ts';
import { endedInDatabase, type SessionIdentity, storeEnd } from './session-end.ts';
import { type GuardedSession, StallGuard } from './stall-guard.ts';
import { RelayWatches } from './watches.ts';

/** A ticket opens the console's socket within this time. */
export const TICKET_SECONDS = 30;
/** The agent joins within this time, or the session ends. */
const JOIN_SECONDS = 30;
/** A process stopping tries this long to store the ends of its sessions while the database is away. */
const STOPPING_STORE_MS = 10_000;
/** A frame passed on as received is sent as what it came as: text. */
const AS_TEXT = { binary: false } as const;

/** A frame to send: text, or the bytes of a text frame as received. */
type Frame = string | Buffer;

export interface SessionInfo extends SessionIdentity {
  certificateId: string;
  cols: number;
  rows: number;
  /** The name of this process that the session's row records (a new one once it was taken for dead). */
  nodeId: string;
}

interface LiveSession extends SessionInfo, GuardedSession {
  ticketHash: string | null;
  ticketExpiresAt: number;
  /** Where the person's console socket came from (passed on by another API process or its own). */
  consoleAddress: string | null;
  /** Frames for a side that has not joined yet. */
  toConsole: Frame[];
  toAgent: Frame[];
  recorder: AsciicastRecorder;
  writer: RecordingWriter;
  /** performance.now() of the last keystroke or output: the idle timer reads it when it fires. */
  activeAt: number;
  idleTimer: NodeJS.Timeout | undefined;
  joinTimer: NodeJS.Timeout | undefined;
}

export type TicketRefusal = 'unknown_session' | 'wrong_ticket' | 'used_ticket' | 'expired_ticket';

/**
 * The live sessions of this process and the agents' outbound channels to it: relays frames both
 * ways, records them, and ends sessions (either side, idle time, a dropped agent, a certificate
 * that ended). A session lives in the memory of the process the agent's channel reached; sockets
 * that reach another process are passed on to it (nodes.ts, forward.ts).
 */
export class TerminalRelay {
  private readonly channels = new Map<string, WebSocket>();
  private readonly sessions = new Map<string, LiveSession>();
  private readonly persisting = new Set<Promise<void>>();
  private readonly watches: RelayWatches;
  /** Until when the ends of sessions are tried again: for ever, until the process stops. */
  private storeUntil = Number.POSITIVE_INFINITY;
  /** Holds what arrives for the sessions while this process may have been taken for dead. */
  private readonly guard: StallGuard<LiveSession>;
  readonly nodes: RelayNodes;

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
    private readonly log: FastifyBaseLogger,
    timing: NodeTiming,
  ) {
    this.watches = new RelayWatches(db, log, {
      sessions: () => this.sessions.values(),
      channels: () => this.channels.values(),
      end: (sessionId, reason) => void this.end(sessionId, reason),
    });
    this.nodes = new RelayNodes(
      db,
      log,
      {
        replaced: (agentIds) => {
          for (const agentId of agentIds)
            this.channels.get(agentId)?.close(4000, 'replaced by a newer channel');
        },
        beaten: (aliveUntil) => this.afterBeat(aliveUntil),
        stalled: () => this.guard.stalled(),
      },
      timing,
    );
    this.guard = new StallGuard(() => this.nodes.beat());
  }

  /** Whether the agent's channel reached this process. */
  isConnected(agentId: string): boolean {
    return this.channels.has(agentId);
  }

  /** Whether the live session is in this process's memory. */
  holds(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  /** The agent's outbound channel; a newer one replaces an older. */
  addChannel(agentId: string, socket: WebSocket): void {
    const older = this.channels.get(agentId);
    if (older && older !== socket) older.close(4000, 'replaced by a newer channel');
    this.channels.set(agentId, socket);
    this.nodes
      .channelOpened(agentId)
      .catch((error) => this.log.warn({ err: error, agentId }, 'terminal channel not recorded'));
    (socket as WebSocket & { alive?: boolean }).alive = true;
    socket.on('pong', () => {
      (socket as WebSocket & { alive?: boolean }).alive = true;
    });
    socket.on('close', () => {
      if (this.channels.get(agentId) !== socket) return;
      this.channels.delete(agentId);
      this.nodes
        .channelClosed(agentId)
        .catch((error) => this.log.warn({ err: error, agentId }, 'terminal channel not cleared'));
      // A session the agent had not joined yet cannot be joined any more.
      for (const session of this.sessions.values())
        if (session.agentId === agentId && !session.agent) void this.end(session.id, 'agent_dropped');
    });
  }

  /** A new session: the agent is told over its channel; answers the console's ticket. */
  open(info: SessionInfo, ticket: string, meta: { hostName: string; email: string }): void {
    const recorder = new AsciicastRecorder(
      {
        width: info.cols,
        height: info.rows,
        timestamp: Math.floor(Date.now() / 1000),
        title: `${meta.hostName} (${meta.email})`,
      },
      () => void writer.flush(),
    );
    const writer = new RecordingWriter(this.db, info.id, recorder, this.log);
    const session: LiveSession = {
      ...info,
      ticketHash: hashSecret(ticket),
      ticketExpiresAt: Date.now() + TICKET_SECONDS * 1000,
      console: null,
      consoleAddress: null,
      agent: null,
      toConsole: [],
      toAgent: [],
      recorder,
      writer,
      activeAt: performance.now(),
      idleTimer: undefined,
      joinTimer: setTimeout(() => this.endOnTimer(session, 'not_joined'), JOIN_SECONDS * 1000),
      ended: false,
      held: undefined,
    };
    this.sessions.set(info.id, session);
    this.waitIdle(session, this.idleMs);
    this.watches.sessionStarted();
    // The header at once: a crash before the first second still leaves a recording to replay.
    void writer.flush();
    this.channels
      .get(info.agentId)
      ?.send(JSON.stringify({ type: 'open', session_id: info.id, cols: info.cols, rows: info.rows }));
  }

  /** Checks a console's ticket, and uses it up. */
  redeem(sessionId: string, ticket: string): TicketRefusal | null {
    const session = this.sessions.get(sessionId);
    if (!session || session.ended) return 'unknown_session';
    if (session.ticketHash === null) return 'used_ticket';
    if (hashSecret(ticket) !== session.ticketHash) return 'wrong_ticket';
    if (Date.now() > session.ticketExpiresAt) return 'expired_ticket';
    session.ticketHash = null;
    return null;
  }

  /** Whether this agent may join this session now: 'ok', or why not. */
  joinable(sessionId: string, agentId: string): 'ok' | 'unknown' | 'joined' {
    const session = this.sessions.get(sessionId);
    if (!session || session.ended || session.agentId !== agentId) return 'unknown';
    return session.agent ? 'joined' : 'ok';
  }

  attachConsole(sessionId: string, socket: WebSocket, address: string): void {
    const session = this.sessions.get(sessionId);
    if (!session || session.ended) return void socket.close(1000);
    session.console = socket;
    session.consoleAddress = address;
    if (session.agent) socket.send(JSON.stringify({ type: 'ready' }));
    for (const frame of session.toConsole.splice(0)) socket.send(frame, AS_TEXT);
    socket.on('message', (raw, isBinary) => this.fromConsole(session, raw, isBinary));
    socket.on('close', () => this.guard.whenOwn(session, () => void this.end(session.id, 'console_dropped')));
  }

  attachAgent(sessionId: string, socket: WebSocket): void {
    const session = this.sessions.get(sessionId);
    if (!session || session.ended) return void socket.close(1000);
    session.agent = socket;
    clearTimeout(session.joinTimer);
    this.toConsole(session, JSON.stringify({ type: 'ready' }));
    for (const frame of session.toAgent.splice(0)) socket.send(frame, AS_TEXT);
    socket.on('message', (raw, isBinary) => this.fromAgent(session, raw, isBinary));
    socket.on('close', () => this.guard.whenOwn(session, () => void this.end(session.id, 'agent_dropped')));
  }

  /**
   * A keystroke frame as the console writes it is passed on as received (its bytes are what
   * encoding it again would give); any other frame is parsed and encoded again.
   */
  private fromConsole(session: LiveSession, raw: RawData, isBinary: boolean): void {
    if (this.guard.mustHold(session)) {
      this.guard.hold(session, () => this.fromConsole(session, raw, isBinary));
      return;
    }
    if (session.ended) return;
    const text = String(raw);
    const typed = isBinary ? null : canonicalData(text, INPUT_START);
    if (typed !== null) {
      // Checked, so sent first: the recording's line is added while the key travels.
      this.toAgent(session, raw as Buffer);
      session.recorder.addEncoded('i', typed, this.touch(session));
      return;
    }
    const frame = parseFrame(text);
    if (!frame) return;
    if (frame.type === 'input' && typeof frame.data === 'string' && frame.data.length > 0) {
      // Encoded once for the recording and the agent. Never the frame as received: a frame with
      // a key twice or extra fields could be read one way by the agent and recorded another.
      const data = JSON.stringify(frame.data);
      session.recorder.addEncoded('i', data, this.touch(session));
      this.toAgent(session, `{"type":"input","data":${data}}`);
    } else if (frame.type === 'resize' && isSize(frame.cols, 2, 1000) && isSize(frame.rows, 1, 500)) {
      session.cols = frame.cols;
      session.rows = frame.rows;
      session.recorder.add('r', `${frame.cols}x${frame.rows}`);
      this.toAgent(session, JSON.stringify({ type: 'resize', cols: frame.cols, rows: frame.rows }));
    } else if (frame.type === 'end') void this.end(session.id, 'console');
  }

  /** As the console's frames: output as the agent writes it is passed on as received. */
  private fromAgent(session: LiveSession, raw: RawData, isBinary: boolean): void {
    if (this.guard.mustHold(session)) {
      this.guard.hold(session, () => this.fromAgent(session, raw, isBinary));
      return;
    }
    if (session.ended) return;
    const text = String(raw);
    const shown = isBinary ? null : canonicalData(text, OUTPUT_START);
    if (shown !== null) {
      this.toConsole(session, raw as Buffer);
      session.recorder.addEncoded('o', shown, this.touch(session));
      return;
    }
    const frame = parseFrame(text);
    if (!frame) return;
    if (frame.type === 'output' && typeof frame.data === 'string') {
      const data = JSON.stringify(frame.data);
      session.recorder.addEncoded('o', data, this.touch(session));
      this.toConsole(session, `{"type":"output","data":${data}}`);
    } else if (frame.type === 'exit') void this.end(session.id, 'agent');
  }

  private toConsole(session: LiveSession, frame: Frame) {
    if (session.console) session.console.send(frame, AS_TEXT);
    else session.toConsole.push(frame);
  }

  private toAgent(session: LiveSession, frame: Frame) {
    if (session.agent) session.agent.send(frame, AS_TEXT);
    else session.toAgent.push(frame);
  }

  /**
   * Activity postpones the idle end: a keystroke only notes the time, the timer re-arms itself.
   * Answers the time noted (the recording's line takes it too).
   */
  private touch(session: LiveSession): number {
    session.activeAt = performance.now();
    return session.activeAt;
  }

  private waitIdle(session: LiveSession, ms: number) {
    session.idleTimer = setTimeout(() => {
      const left = session.activeAt + this.idleMs - performance.now();
      if (left > 0) this.waitIdle(session, left);
      else this.endOnTimer(session, 'idle');
    }, ms);
  }

  /** A timer's end waits, after a stall, for a beat: the session may have ended elsewhere meanwhile. */
  private endOnTimer(session: LiveSession, reason: EndReason) {
    this.guard.whenOwn(session, () => void this.end(session.id, reason));
  }

  /** Ends a session once: tells and closes both sides, then stores its recording and audits. */
  end(sessionId: string, reason: EndReason): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session || session.ended) return Promise.resolve();
    session.ended = true;
    this.sessions.delete(sessionId);
    this.guard.ended(session);
    clearTimeout(session.idleTimer);
    clearTimeout(session.joinTimer);
    if (this.sessions.size === 0) this.watches.noSessionsLeft();
    const message = END_MESSAGES[reason];
    if (session.console?.readyState === 1) {
      session.console.send(JSON.stringify({ type: 'ended', reason, message }));
      session.console.close(1000, reason);
    }
    if (session.agent?.readyState === 1) {
      session.agent.send(JSON.stringify({ type: 'end', reason }));
      session.agent.close(1000, reason);
    }
    const ended = { ...session, truncated: session.recorder.truncated };
    const context = { log: this.log, sessionId, giveUpAt: () => this.storeUntil };
    const stored = storeEnd(this.db, session.writer, ended, reason, context)
      .catch((error) => this.log.error({ err: error, sessionId }, 'terminal recording not stored'))
      .finally(() => this.persisting.delete(stored));
    this.persisting.add(stored);
    return stored;
  }

  /**
   * After each beat: the sessions ended elsewhere end here, and what the others held goes on once
   * the beat proved this process alive (`aliveUntil`) and the sessions could be checked.
   */
  private async afterBeat(aliveUntil: number | null): Promise<void> {
    const checked = await this.endSessionsEndedElsewhere();
    this.guard.checked(checked ? aliveUntil : null);
  }

  /**
   * Sessions the database says have ended (another process took this one for dead while it
   * stalled, and ended them) end here too, for the same reason; so do the sessions recorded under
   * a name this process had before (its row was deleted: no other process reaches them). Answers
   * whether the database could be read.
   */
  private async endSessionsEndedElsewhere(): Promise<boolean> {
    const live = [...this.sessions.values()];
    if (live.length === 0) return true;
    try {
      const endedThere = await endedInDatabase(
        this.db,
        live.map((session) => session.id),
      );
      for (const session of live) {
        const recorded = endedThere.get(session.id);
        if (recorded) void this.end(session.id, recorded);
        else if (session.nodeId !== this.nodes.nodeId) void this.end(session.id, 'server_stopped');
      }
      return true;
    } catch (error) {
      this.log.warn({ err: error }, 'terminal sessions not checked against the database');
      return false;
    }
  }

  /** Ends every session (their recordings are stored) and closes the agents' channels. */
  async close(): Promise<void> {
    this.watches.close();
    this.guard.close();
    this.storeUntil = Date.now() + STOPPING_STORE_MS;
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id, 'server_stopping')));
    await Promise.all([...this.persisting]);
    for (const socket of this.channels.values()) socket.close(1001, 'server stopping');
    this.channels.clear();
    await this.nodes.close().catch((error) => this.log.warn({ err: error }, 'terminal relay not signed off'));
  }
}
