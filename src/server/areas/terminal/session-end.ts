import { setTimeout as sleep } from 'node:timers/promises';
import { and, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { auditLog, terminalCertificates, terminalSessions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { END_REASONS, type EndReason } from './messages.ts';
import { type RecordingWriter, sealRecordings } from './recording-chunks.ts';

/** A session's end that could not be stored is tried again after this long, then twice as long each time. */
export const STORE_RETRY_FIRST_MS = 250;
const STORE_RETRY_MAX_MS = 30_000;

/** Whose session it is and where: what its start and its end both record. */
export interface SessionIdentity {
  id: string;
  partnerId: string;
  customerId: string;
  agentId: string;
  contactId: string;
  impersonatorId: string | null;
}

/** What the end of a session relayed here records. */
export interface EndedSession extends SessionIdentity {
  consoleAddress: string | null;
  truncated: boolean;
}

/**
 * Ends the session in the database: the chunks written so far move into its recording, and the
 * end is audited. A session another process ended already (it took this one for dead while it
 * stalled) keeps that end and its audit; what this process wrote since is appended to it.
 */
export async function recordEnd(
  db: Db,
  session: EndedSession,
  reason: EndReason,
  endedAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await sealRecordings(tx, [session.id], reason, endedAt);
    if (!ended) return;
    await tx.insert(auditLog).values({
      partnerId: session.partnerId,
      customerId: session.customerId,
      actorId: session.contactId,
      impersonatorId: session.impersonatorId,
      action: 'end',
      entity: 'terminal_session',
      entityId: session.id,
      after: {
        agent_id: session.agentId,
        end_reason: reason,
        truncated: session.truncated,
        console_address: session.consoleAddress,
      },
    });
  });
}

/**
 * Runs `attempt` until it succeeds (the database was briefly unreachable), waiting twice as long
 * after each failure; what it stores is held in memory meanwhile (a recording is at most its 4 MB
 * cap). Past `giveUpAt()` (a process stopping does not wait for ever) the last failure is thrown.
 */
export async function untilStored(
  attempt: () => Promise<void>,
  context: { log: FastifyBaseLogger; sessionId: string; what: string; giveUpAt: () => number },
): Promise<void> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      const left = context.giveUpAt() - Date.now();
      if (left <= 0) throw error;
      const wait = Math.min(STORE_RETRY_FIRST_MS * 2 ** Math.min(failures, 20), STORE_RETRY_MAX_MS, left);
      context.log.warn(
        { err: error, sessionId: context.sessionId, retryInMs: wait },
        `${context.what}; trying again`,
      );
      await sleep(wait);
    }
  }
}

/**
 * Writes the rest of a recording, then moves its chunks into the session's row and audits (at the
 * time of the call); each step is tried again until it is stored (the database may be away a moment).
 */
export async function storeEnd(
  db: Db,
  writer: RecordingWriter,
  session: EndedSession,
  reason: EndReason,
  context: { log: FastifyBaseLogger; sessionId: string; giveUpAt: () => number },
): Promise<void> {
  const endedAt = new Date();
  await untilStored(() => writer.writeAll(), { ...context, what: 'terminal recording tail not written' });
  await untilStored(() => recordEnd(db, session, reason, endedAt), {
    ...context,
    what: 'terminal session end not recorded',
  });
}

/** Which of these sessions the database says have ended, and why (another process may have ended them). */
export async function endedInDatabase(db: Db, sessionIds: string[]): Promise<Map<string, EndReason>> {
  const rows = await db
    .select({ sessionId: terminalSessions.sessionId, endReason: terminalSessions.endReason })
    .from(terminalSessions)
    .where(and(inArray(terminalSessions.sessionId, sessionIds), isNotNull(terminalSessions.endedAt)));
  return new Map(rows.map((row) => [row.sessionId, asEndReason(row.endReason)]));
}

/** Which of these certificates have expired or been revoked: their sessions end. */
export async function deadCertificates(db: Db, certificateIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: terminalCertificates.certificateId })
    .from(terminalCertificates)
    .where(
      and(
        inArray(terminalCertificates.certificateId, certificateIds),
        or(lte(terminalCertificates.expiresAt, new Date()), isNotNull(terminalCertificates.revokedAt)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** A reason as the database recorded it, as one the console knows. */
const asEndReason = (reason: string | null): EndReason =>
  (END_REASONS as readonly (string | null)[]).includes(reason) ? (reason as EndReason) : 'server_stopped';
