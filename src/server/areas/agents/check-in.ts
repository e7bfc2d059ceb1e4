import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { agentActions, agents } from '../../db/schema/index.ts';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { unauthorized } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { hashSecret } from '../../platform/secrets.ts';
import { queueWorkflowEvents } from '../../platform/workflow-events.ts';
import { PENDING } from './action-types.ts';
import { agentCredential, agentOf } from './agent-auth.ts';
import { appendStep } from './steps.ts';

/**
 * The check-in is the hottest call of all (every agent, every minute; 100 000 agents make
 * 1 700 a second), so it departs from the other protocol calls in three ways:
 * - one read checks the credential and fetches everything the answer and the write need (the
 *   agent's row and its pending actions), before the body is validated (401 before 400);
 * - it runs on the system connection without a transaction: every statement is keyed on the
 *   credential's own agent id, the boundary row-level security would draw;
 * - what the agent reports is written in batches shared by the check-ins in flight (one UPDATE
 *   and one commit for many agents), and only the parts that changed are sent. Each check-in
 *   still waits for its batch, so an answered check-in is stored.
 */

/** What the check-in read finds of an agent whose credential matched. */
export interface CheckInState {
  customerId: string;
  hostName: string;
  platform: string;
  heartbeatAt: string | null;
  settings: Record<string, unknown>;
  checkInInterval: number;
  version: string;
  ip: string | null;
  health: string;
  healthIssues: string[];
  features: string[];
  appliedSettings: Record<string, unknown>;
  isIsolated: boolean;
  isolatedUntil: Date | string | null;
  pending: PendingAction[];
}

interface PendingAction {
  actionId: string;
  type: string;
  parameters: Record<string, unknown>;
  status: string;
  expiresAt: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    checkIn: CheckInState | null;
  }
}

/**
 * The check-in's credential check: one statement compares the credential's hash in SQL and reads
 * the row and the pending actions with it. Comparing in SQL is not constant-time, which is safe
 * here: what could leak is a prefix of the SHA-256 of a 256-bit random secret, no help in
 * finding the secret. A deleted or uninstalled agent has no row or no hash, so it is refused at
 * once, by every API process.
 */
export async function authenticateCheckIn(db: Db, request: FastifyRequest): Promise<void> {
  const parts = agentCredential(request);
  const now = new Date();
  const [row] = resultRows<CheckInState>(
    await db.execute(sql`select a.customer_id as "customerId", a.settings,
        a.host_name as "hostName", a.platform, a.heartbeat_at as "heartbeatAt",
        a.check_in_interval as "checkInInterval", a.version, a.ip, a.health,
        a.health_issues as "healthIssues", a.features, a.applied_settings as "appliedSettings",
        a.is_isolated as "isIsolated", a.isolated_until as "isolatedUntil",
        ${pendingActions(parts.id, now)} as pending
      from ${agents} a
      where a.agent_id = ${parts.id} and a.credential_hash = ${hashSecret(parts.secret)}`),
  );
  if (!row) throw unauthorized('Unknown agent credential.');
  request.agent = { agentId: parts.id, customerId: row.customerId };
  request.checkIn = row;
}

/** The agent's actions still to run, oldest first, as one JSON column. */
function pendingActions(agentId: string, now: Date) {
  return sql`coalesce((
    select json_agg(json_build_object(
      'actionId', p.action_id, 'type', p.type, 'parameters', p.parameters,
      'status', p.status, 'expiresAt', p.expires_at
    ) order by p.created_at)
    from ${agentActions} p
    where p.agent_id = ${agentId}
      and p.status in (${sql.join(
        PENDING.map((status) => sql`${status}`),
        sql`, `,
      )})
      and p.expires_at > ${now.toISOString()}::timestamptz
  ), '[]'::json)`;
}

/** A check-in records what the agent says and hands it every pending action. */
export const agentCheckIn: Handler<'agentCheckIn'> = async (request) => {
  const caller = agentOf(request);
  const state = request.checkIn;
  if (!state) throw unauthorized();
  const body = request.body;
  const now = new Date();
  const db = request.server.db;
  const changed = <T>(reported: T | undefined, stored: T): T | null =>
    reported === undefined || JSON.stringify(reported) === JSON.stringify(stored) ? null : reported;
  const isolation =
    body.is_isolated === undefined
      ? null
      : body.is_isolated
        ? state.isIsolated
          ? null
          : true
        : state.isIsolated || state.isolatedUntil
          ? false
          : null;
  // Queued before the check-in is stored, keyed on the last stored one: should the write fail,
  // the agent's next check-in queues the same event again, which starts nothing twice.
  if (body.health === 'unhealthy' && state.health !== 'unhealthy')
    await queueWorkflowEvents(db, [
      {
        trigger: 'agent_unhealthy',
        customerId: state.customerId,
        key: `${caller.agentId}:${state.heartbeatAt ? new Date(state.heartbeatAt).toISOString() : 'first'}`,
        data: {
          agent: {
            id: caller.agentId,
            host_name: state.hostName,
            platform: state.platform,
            version: body.version ?? state.version,
            ip: body.ip ?? state.ip,
            health_issues: (body.health_issues ?? []).join(', '),
          },
        },
      },
    ]);
  const write = heartbeatWriter(db).write({
    agent_id: caller.agentId,
    at: now.toISOString(),
    version: changed(body.version, state.version),
    ip: body.ip === undefined || body.ip === state.ip ? null : body.ip,
    health: changed(body.health, state.health),
    health_issues: changed(body.health_issues ?? [], state.healthIssues),
    features: changed(body.features, state.features),
    applied_settings: changed(body.applied_settings, state.appliedSettings),
    check_in_interval: changed(body.check_in_interval || undefined, state.checkInInterval),
    is_isolated: isolation,
  });
  // Marking actions delivered is idempotent: should it fail, they are handed over again next time.
  const queued = state.pending.filter((a) => a.status === 'queued').map((a) => a.actionId);
  const delivered =
    queued.length === 0
      ? undefined
      : db
          .update(agentActions)
          .set({
            status: 'delivered',
            deliveredAt: now,
            updatedAt: now,
            steps: appendStep({
              status: 'delivered',
              at: now.toISOString(),
              receipt: `check-in at ${now.toISOString()}${body.ip ? ` from ${body.ip}` : ''}, agent ${body.version}`,
            }),
          })
          .where(
            and(
              eq(agentActions.agentId, caller.agentId),
              inArray(agentActions.actionId, queued),
              eq(agentActions.status, 'queued'),
            ),
          );
  await Promise.all([write, delivered]);
  return {
    actions: state.pending.map((a) => ({
      action_id: a.actionId,
      type: a.type as never,
      parameters: a.parameters,
      expires_at: new Date(a.expiresAt).toISOString(),
    })),
    settings: state.settings,
    check_in_interval: body.check_in_interval || state.checkInInterval,
    server_time: now.toISOString(),
  };
};

/** One agent's check-in as written: null leaves the stored value as it is. */
interface Heartbeat {
  agent_id: string;
  at: string;
  version: string | null;
  ip: string | null;
  health: string | null;
  health_issues: string[] | null;
  features: string[] | null;
  applied_settings: Record<string, unknown> | null;
  check_in_interval: number | null;
  /** true isolates, false ends an isolation (and its end time). */
  is_isolated: boolean | null;
}

/** At most this many agents in one UPDATE. */
const BATCH_LIMIT = 1000;

/**
 * Group commit for check-ins: while one batch is being written, the check-ins that arrive wait
 * for the next, which takes them all (the later of two check-ins of one agent wins). Under light
 * load a batch holds one check-in and is written at once.
 */
class HeartbeatWriter {
  private queue: { heartbeat: Heartbeat; done: () => void; failed: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  write(heartbeat: Heartbeat): Promise<void> {
    return new Promise((done, failed) => {
      this.queue.push({ heartbeat, done, failed });
      if (!this.writing) {
        this.writing = true;
        // Lets the check-ins whose reads ended in the same turn join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH_LIMIT);
      try {
        await this.db.execute(updateStatement(merge(batch.map((entry) => entry.heartbeat))));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    this.writing = false;
  }
}

/** One row per agent, in agent order (so concurrent batches lock rows in the same order). */
function merge(heartbeats: Heartbeat[]): Heartbeat[] {
  const byAgent = new Map<string, Heartbeat>();
  for (const heartbeat of heartbeats) {
    const earlier = byAgent.get(heartbeat.agent_id);
    if (!earlier) byAgent.set(heartbeat.agent_id, heartbeat);
    else {
      const merged = { ...earlier };
      for (const [key, value] of Object.entries(heartbeat)) {
        if (value !== null) (merged as Record<string, unknown>)[key] = value;
      }
      byAgent.set(heartbeat.agent_id, merged);
    }
  }
  return [...byAgent.values()].sort((a, b) => (a.agent_id < b.agent_id ? -1 : 1));
}

function updateStatement(rows: Heartbeat[]) {
  return sql`update ${agents} a set
      heartbeat_at = greatest(a.heartbeat_at, v.at),
      first_active = coalesce(a.first_active, v.at),
      version = coalesce(v.version, a.version),
      ip = coalesce(v.ip, a.ip),
      health = coalesce(v.health, a.health),
      health_issues = coalesce(v.health_issues, a.health_issues),
      features = coalesce(v.features, a.features),
      applied_settings = coalesce(v.applied_settings, a.applied_settings),
      check_in_interval = coalesce(v.check_in_interval, a.check_in_interval),
      is_isolated = coalesce(v.is_isolated, a.is_isolated),
      isolated_until = case when v.is_isolated is false then null else a.isolated_until end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(agent_id uuid, at timestamptz,
      version text, ip text, health text, health_issues jsonb, features jsonb,
      applied_settings jsonb, check_in_interval integer, is_isolated boolean)
    where a.agent_id = v.agent_id`;
}

/** One writer per database, shared by every request of the process. */
const writers = new WeakMap<Db, HeartbeatWriter>();

function heartbeatWriter(db: Db): HeartbeatWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new HeartbeatWriter(db);
    writers.set(db, writer);
  }
  return writer;
}
