import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { and, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { terminalChannels, terminalRelayNodes, terminalSessions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { hashSecret, newSecret, secretMatches } from '../../platform/secrets.ts';
import { endStoppedSessions, orphaned } from './stopped-sessions.ts';

/**
 * How often a process says it is still there (TERMINAL_HEARTBEAT_SECONDS), and after how long
 * without a word it has stopped and its channels are not reachable (TERMINAL_NODE_TIMEOUT_SECONDS).
 */
export interface NodeTiming {
  heartbeatSeconds: number;
  nodeTimeoutSeconds: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another API process, as this one reaches it. */
export interface RelayNode {
  nodeId: string;
  address: string;
}

/** What the relay is told by its process's directory entry. */
export interface RelayNodeEvents {
  /** Agents whose channel row now names another process (they dialled it since). */
  replaced(agentIds: string[]): void;
  /**
   * After each heartbeat: the live sessions are checked against what the database says of them.
   * `aliveUntil` (Date.now() time): until when no other process can take this one for dead, as
   * this beat proved by refreshing its row; null when the row could not be refreshed.
   */
  beaten(aliveUntil: number | null): Promise<void>;
  /** The heartbeat fired late by more than the time-out: this process stalled, and may have been taken for dead. */
  stalled(): void;
}

/**
 * This API process among the others that relay live terminals: it advertises the address they
 * reach it at, records which agents' channels it holds, and finds the process that holds an agent's
 * channel or a live session. The database is the directory only; keystrokes go process to process.
 */
export class RelayNodes {
  private ownId = randomUUID();
  private ownSecret = newSecret();
  /** Whether this process's row was written (a row gone after that was deleted by another process). */
  private registered = false;
  private address: string | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private beating: Promise<void> | null = null;
  private advertising: Promise<void> | null = null;
  /** performance.now() of the last heartbeat tick (a monotonic clock: the wall clock may be set back). */
  private tickedAt = 0;
  private closed = false;
  private readonly heartbeatMs: number;
  private readonly timeoutMs: number;
  private readonly aliveSeconds: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly events: RelayNodeEvents,
    timing: NodeTiming,
  ) {
    this.heartbeatMs = timing.heartbeatSeconds * 1000;
    this.aliveSeconds = timing.nodeTimeoutSeconds;
    this.timeoutMs = timing.nodeTimeoutSeconds * 1000;
  }

  /** This process's name in the directory: a new one once it was taken for dead (see `refresh`). */
  get nodeId(): string {
    return this.ownId;
  }

  /** Proves this process's passed-on calls to the others (its hash is in this process's row). */
  get secret(): string {
    return this.ownSecret;
  }

  /**
   * Called once listening: the address is TERMINAL_NODE_URL, else the one bound. A process asked to
   * stop meanwhile (close) waits for it to end rather than closing the database under its queries.
   */
  advertise(bound: AddressInfo, nodeUrl: string | undefined): Promise<void> {
    this.advertising = this.advertiseOnce(bound, nodeUrl);
    return this.advertising;
  }

  private async advertiseOnce(bound: AddressInfo, nodeUrl: string | undefined): Promise<void> {
    if (this.closed) return;
    const everywhere = bound.address === '::' || bound.address === '0.0.0.0';
    const host = everywhere ? hostname() : bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
    this.address = nodeUrl ?? `http://${host}:${bound.port}`;
    // Before this process's own row: processes found dead, and an earlier run of this one at the
    // same address that stopped without signing off.
    await this.forget(or(eq(terminalRelayNodes.address, this.address), this.dead())!).catch((error) =>
      this.log.warn({ err: error }, 'terminal relay rows of an earlier run not cleared'),
    );
    if (this.closed) return;
    await this.endOrphanedSessions().catch((error) =>
      this.log.warn({ err: error }, 'terminal sessions of stopped API processes not ended'),
    );
    await this.beat();
    if (this.closed) return;
    this.tickedAt = performance.now();
    this.heartbeat = setInterval(() => this.tick(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * A tick further from the last than the time-out: the process was stopped or its event loop
   * blocked meanwhile, and the others may have taken it for dead. The relay is told before the
   * beat, so it holds what arrives until the beat has said which sessions are still this process's.
   */
  private tick(): void {
    const now = performance.now();
    const gapMs = now - this.tickedAt;
    this.tickedAt = now;
    if (gapMs > this.timeoutMs) {
      this.log.warn({ gapMs: Math.round(gapMs) }, 'terminal relay heartbeat late: this process stalled');
      this.events.stalled();
    }
    void this.beat();
  }

  /**
   * Says this process is still there, sweeps the processes that are not, and has the relay check
   * its live sessions. A beat under way is the one a caller waits for.
   */
  beat(): Promise<void> {
    this.beating ??= this.beatOnce().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async beatOnce(): Promise<void> {
    if (!this.address || this.closed) return;
    // Taken before the row is refreshed: the row was seen no earlier than this.
    const sentAt = Date.now();
    let aliveUntil: number | null = null;
    try {
      await this.refresh(this.address);
      aliveUntil = sentAt + this.timeoutMs;
      this.events.replaced(await this.channelsTakenElsewhere());
      await this.forget(this.dead());
    } catch (error) {
      this.log.warn({ err: error }, 'terminal relay address not refreshed');
    }
    await this.events.beaten(aliveUntil);
  }

  /**
   * Refreshes this process's row. A row that is gone was deleted by another process that took
   * this one for dead (it stalled past the time-out: a long pause, a blocked event loop) and ended
   * its sessions: this process takes a new name for new sessions, and its sessions under the old
   * one end here too (the relay's check after the beat), as the database says they did.
   */
  private async refresh(address: string): Promise<void> {
    const seen = await this.db
      .update(terminalRelayNodes)
      .set({ seenAt: sql`now()` })
      .where(eq(terminalRelayNodes.nodeId, this.ownId))
      .returning({ nodeId: terminalRelayNodes.nodeId });
    if (seen.length > 0) return;
    const former = this.registered ? this.ownId : null;
    if (former) {
      this.ownId = randomUUID();
      this.ownSecret = newSecret();
      this.registered = false;
      this.log.warn(
        { formerNodeId: former, nodeId: this.ownId },
        'terminal relay row gone (this process was taken for dead): its sessions end, new ones are relayed under a new name',
      );
    }
    await this.db.transaction(async (tx) => {
      await tx
        .insert(terminalRelayNodes)
        .values({ nodeId: this.ownId, address, secretHash: hashSecret(this.ownSecret) });
      // The channels are still here: rows left under the old name (the row alone was deleted) are this name's.
      if (former)
        await tx
          .update(terminalChannels)
          .set({ nodeId: this.ownId })
          .where(eq(terminalChannels.nodeId, former));
    });
    this.registered = true;
  }

  /**
   * Agents with a channel here whose newest channel reached another process. A row that is gone
   * (this process was taken for dead while it stalled) is written again: the channel is still here.
   */
  private heldHere = new Set<string>();
  private async channelsTakenElsewhere(): Promise<string[]> {
    if (this.heldHere.size === 0) return [];
    const held = [...this.heldHere];
    const rows = await this.db
      .select({ agentId: terminalChannels.agentId, nodeId: terminalChannels.nodeId })
      .from(terminalChannels)
      .where(inArray(terminalChannels.agentId, held));
    const holder = new Map(rows.map((row) => [row.agentId, row.nodeId]));
    const lost = held.filter((agentId) => !holder.has(agentId));
    if (lost.length > 0)
      await this.db
        .insert(terminalChannels)
        .values(lost.map((agentId) => ({ agentId, nodeId: this.nodeId })))
        .onConflictDoNothing();
    return held.filter((agentId) => holder.has(agentId) && holder.get(agentId) !== this.nodeId);
  }

  /** Processes not heard from for too long: they stopped without signing off (a crash, a kill). */
  private dead(): SQL {
    return lte(terminalRelayNodes.seenAt, sql`now() - make_interval(secs => ${this.aliveSeconds})`);
  }

  /**
   * Deletes the rows of other processes that match `which` and the channels they held, and ends
   * their sessions (in the same transaction: no session outlives its process's row).
   */
  private async forget(which: SQL): Promise<void> {
    const { nodeIds, sessionIds } = await this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(terminalRelayNodes)
        .where(and(which, ne(terminalRelayNodes.nodeId, this.nodeId)))
        .returning({ nodeId: terminalRelayNodes.nodeId });
      const nodeIds = gone.map((row) => row.nodeId);
      if (nodeIds.length === 0) return { nodeIds, sessionIds: [] };
      await tx.delete(terminalChannels).where(inArray(terminalChannels.nodeId, nodeIds));
      const sessionIds = await endStoppedSessions(tx, inArray(terminalSessions.relayNodeId, nodeIds));
      return { nodeIds, sessionIds };
    });
    if (nodeIds.length > 0)
      this.log.info(
        { nodes: nodeIds, sessions: sessionIds },
        'terminal relay rows of stopped API processes deleted, their sessions ended',
      );
  }

  /** On start: sessions left by a process whose row is gone already are ended too. */
  private async endOrphanedSessions(): Promise<void> {
    const sessionIds = await this.db.transaction((tx) =>
      endStoppedSessions(tx, orphaned(this.nodeId, this.aliveSeconds)),
    );
    if (sessionIds.length > 0)
      this.log.info({ sessions: sessionIds }, 'terminal sessions of stopped API processes ended');
  }

  /** Whether a passed-on call comes from a live API process of this deployment (its secret matches). */
  async vouches(nodeId: string, secret: string): Promise<boolean> {
    if (!UUID.test(nodeId) || nodeId === this.nodeId) return false;
    const [row] = await this.db
      .select({ secretHash: terminalRelayNodes.secretHash })
      .from(terminalRelayNodes)
      .where(and(eq(terminalRelayNodes.nodeId, nodeId), this.alive()));
    return secretMatches(secret, row?.secretHash ?? null);
  }

  /** The agent's channel reached this process. */
  async channelOpened(agentId: string): Promise<void> {
    if (this.closed) return;
    this.heldHere.add(agentId);
    await this.db
      .insert(terminalChannels)
      .values({ agentId, nodeId: this.nodeId })
      .onConflictDoUpdate({
        target: terminalChannels.agentId,
        set: { nodeId: this.nodeId, connectedAt: sql`now()` },
      });
  }

  /** The agent's channel here closed; a newer one on another process keeps its row. */
  async channelClosed(agentId: string): Promise<void> {
    // After close() every row of this process is gone already, and the database may be too.
    if (!this.heldHere.delete(agentId) || this.closed) return;
    await this.db
      .delete(terminalChannels)
      .where(and(eq(terminalChannels.agentId, agentId), eq(terminalChannels.nodeId, this.nodeId)));
  }

  private alive() {
    return gt(terminalRelayNodes.seenAt, sql`now() - make_interval(secs => ${this.aliveSeconds})`);
  }

  /** The live process that holds the agent's channel, when it is not this one. */
  async holderOfAgent(agentId: string): Promise<RelayNode | null> {
    const [row] = await this.db
      .select({ nodeId: terminalRelayNodes.nodeId, address: terminalRelayNodes.address })
      .from(terminalChannels)
      .innerJoin(terminalRelayNodes, eq(terminalRelayNodes.nodeId, terminalChannels.nodeId))
      .where(and(eq(terminalChannels.agentId, agentId), this.alive()));
    return row && row.nodeId !== this.nodeId ? row : null;
  }

  /** The live process that holds the live session, when it is not this one. */
  async holderOfSession(sessionId: string): Promise<RelayNode | null> {
    const [row] = await this.db
      .select({ nodeId: terminalRelayNodes.nodeId, address: terminalRelayNodes.address })
      .from(terminalSessions)
      .innerJoin(terminalRelayNodes, eq(terminalRelayNodes.nodeId, terminalSessions.relayNodeId))
      .where(and(eq(terminalSessions.sessionId, sessionId), isNull(terminalSessions.endedAt), this.alive()));
    return row && row.nodeId !== this.nodeId ? row : null;
  }

  /** Leaving: the others stop sending here at once rather than after the time-out. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.closed = true;
    // What is under way ends first (neither throws): its queries would meet a closed database.
    await this.advertising;
    await this.beating;
    if (!this.address) return;
    this.address = null;
    await this.db.delete(terminalChannels).where(eq(terminalChannels.nodeId, this.nodeId));
    await this.db.delete(terminalRelayNodes).where(eq(terminalRelayNodes.nodeId, this.nodeId));
  }
}
