import { and, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import { auditLog, terminalRelayNodes, terminalSessions } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { sealRecordings } from './recording-chunks.ts';

/**
 * Ends the sessions `which` picks that are not ended: their process stopped without ending them
 * (a crash, a kill). Each keeps its recording as far as it was written and gets an audit entry of
 * its own, by no one (the server ended it). Answers the sessions ended.
 */
export async function endStoppedSessions(tx: Db, which: SQL): Promise<string[]> {
  const stranded = await tx
    .select({
      sessionId: terminalSessions.sessionId,
      partnerId: terminalSessions.partnerId,
      customerId: terminalSessions.customerId,
      agentId: terminalSessions.agentId,
      relayNodeId: terminalSessions.relayNodeId,
    })
    .from(terminalSessions)
    .where(and(isNull(terminalSessions.endedAt), which));
  if (stranded.length === 0) return [];
  const ended = await sealRecordings(
    tx,
    stranded.map((row) => row.sessionId),
    'server_stopped',
    new Date(),
  );
  // Another process ending the same session at once: only the one whose update counted audits it.
  const bytes = new Map(ended.map((row) => [row.sessionId, row.recordingBytes]));
  const audited = stranded.filter((row) => bytes.has(row.sessionId));
  if (audited.length > 0)
    await tx.insert(auditLog).values(
      audited.map((row) => ({
        partnerId: row.partnerId,
        customerId: row.customerId,
        actorId: null,
        action: 'end',
        entity: 'terminal_session',
        entityId: row.sessionId,
        after: {
          agent_id: row.agentId,
          end_reason: 'server_stopped',
          relay_node_id: row.relayNodeId,
          recording_bytes: bytes.get(row.sessionId),
        },
      })),
    );
  return audited.map((row) => row.sessionId);
}

/**
 * Sessions whose process has no row any more (it was deleted before its sessions were ended with
 * it, or the session predates the rows), started long enough ago that their process, if alive,
 * has written its row since.
 */
export function orphaned(ownNodeId: string, aliveSeconds: number): SQL {
  return and(
    lte(terminalSessions.startedAt, sql`now() - make_interval(secs => ${aliveSeconds})`),
    or(
      isNull(terminalSessions.relayNodeId),
      notExists(
        sql`(select 1 from ${terminalRelayNodes} n where n.node_id = ${terminalSessions.relayNodeId})`,
      ),
    ),
    or(isNull(terminalSessions.relayNodeId), sql`${terminalSessions.relayNodeId} <> ${ownNodeId}`),
  )!;
}
