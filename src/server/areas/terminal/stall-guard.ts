import type { WebSocket } from 'ws';

/** Held frames wait this long for another beat when the last one could not say whose sessions these are. */
const RECHECK_MS = 500;

/** What the guard needs of a live session. */
export interface GuardedSession {
  ended: boolean;
  console: WebSocket | null;
  agent: WebSocket | null;
  /**
   * What arrived (frames, a side closing) while this process may have been taken for dead, in
   * order: run once a beat has said the session is still this process's, dropped if it is not.
   */
  held: (() => void)[] | undefined;
}

/**
 * Keeps a process that stalled (a long pause, a blocked event loop) from relaying sessions that
 * other processes ended while it was taken for dead. Past the time its last beat proved it alive,
 * what arrives for a session is held (not dropped) and a beat runs at once; after the beat, the
 * sessions ended elsewhere have ended (the relay's check) and the rest get what they held, in order.
 * While holding, the session's sockets are paused: a side that keeps sending waits in TCP, not here.
 */
export class StallGuard<S extends GuardedSession> {
  /**
   * Until when (a Date.now() time, the clock the database's time-out runs on) no other process can
   * have taken this one for dead, as its last beat proved. Before this process has a row, none can.
   */
  private aliveUntil = Number.POSITIVE_INFINITY;
  private readonly holding = new Set<S>();
  private recheckTimer: NodeJS.Timeout | undefined;

  constructor(private readonly beat: () => Promise<void>) {}

  /** On every frame: one number compare while nothing is held. */
  mustHold(session: S): boolean {
    return session.held !== undefined || Date.now() > this.aliveUntil;
  }

  /** Runs `go` now, or holds it until a beat has said the session is still this process's. */
  whenOwn(session: S, go: () => void): void {
    if (this.mustHold(session)) this.hold(session, go);
    else go();
  }

  hold(session: S, go: () => void): void {
    if (session.ended) return;
    if (!session.held) {
      session.held = [];
      this.holding.add(session);
    }
    session.held.push(go);
    session.console?.pause();
    session.agent?.pause();
    void this.beat();
  }

  /** The heartbeat fired late: hold from now on until a beat proves this process alive again. */
  stalled(): void {
    this.aliveUntil = 0;
  }

  /**
   * After a beat and the relay's check of its sessions against the database: `aliveUntil` is what
   * the beat proved (null: nothing, the row or the sessions could not be read). What the sessions
   * still live held goes on, in order, once proved; else it waits for another beat.
   */
  checked(aliveUntil: number | null): void {
    if (aliveUntil !== null) this.aliveUntil = aliveUntil;
    if (this.holding.size === 0) return;
    if (Date.now() > this.aliveUntil) {
      this.checkAgainSoon();
      return;
    }
    for (const session of [...this.holding]) {
      this.holding.delete(session);
      const held = session.held ?? [];
      session.held = undefined;
      for (const go of held) go();
      // A frame run above may have found this process past its time again, and held the rest.
      if (!session.held) this.resume(session);
    }
  }

  /** The session ended: what it held is dropped, and its sockets read again so that they can close. */
  ended(session: S): void {
    if (!session.held) return;
    session.held = undefined;
    this.holding.delete(session);
    this.resume(session);
  }

  close(): void {
    clearTimeout(this.recheckTimer);
    this.recheckTimer = undefined;
  }

  private resume(session: S): void {
    session.console?.resume();
    session.agent?.resume();
  }

  private checkAgainSoon(): void {
    if (this.recheckTimer) return;
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = undefined;
      void this.beat();
    }, RECHECK_MS);
    this.recheckTimer.unref();
  }
}
