import { and, desc, eq } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { customers, terminalSessions } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

const listed = {
  sessionId: terminalSessions.sessionId,
  customerId: terminalSessions.customerId,
  customerName: customers.name,
  agentId: terminalSessions.agentId,
  hostName: terminalSessions.hostName,
  contactId: terminalSessions.contactId,
  email: terminalSessions.email,
  startedAt: terminalSessions.startedAt,
  endedAt: terminalSessions.endedAt,
  endReason: terminalSessions.endReason,
  cols: terminalSessions.cols,
  rows: terminalSessions.rows,
  recordingBytes: terminalSessions.recordingBytes,
  clientAddress: terminalSessions.clientAddress,
};
type Listed = { [K in keyof typeof listed]: (typeof listed)[K]['_']['data'] | null };

function present(row: Listed): components['schemas']['TerminalSession'] {
  return {
    session_id: row.sessionId!,
    customer_id: row.customerId!,
    customer_name: row.customerName ?? '',
    agent_id: row.agentId!,
    host_name: row.hostName!,
    contact_id: row.contactId!,
    email: row.email!,
    started_at: row.startedAt!.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    end_reason: (row.endReason as components['schemas']['TerminalSession']['end_reason']) ?? null,
    cols: row.cols!,
    rows: row.rows!,
    recording_bytes: row.recordingBytes ?? 0,
    client_address: row.clientAddress ?? null,
  };
}

/** The provider's sessions, newest first (administrators only: the contract's x-access). */
export const listTerminalRecordings: Handler<'listTerminalRecordings'> = async (request) => {
  const principal = principalOf(request);
  const ids = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select(listed)
      .from(terminalSessions)
      .leftJoin(customers, eq(customers.customerId, terminalSessions.customerId))
      .where(
        and(
          eq(terminalSessions.partnerId, principal.user.partnerId),
          inIds(terminalSessions.customerId, ids),
        ),
      )
      .orderBy(desc(terminalSessions.startedAt), desc(terminalSessions.sessionId))
      .limit(request.query.limit ?? 100),
  );
  return { sessions: rows.map(present) };
};

export const getTerminalRecording: Handler<'getTerminalRecording'> = async (request) => {
  const principal = principalOf(request);
  const [row] = await asCaller(request, (tx) =>
    tx
      .select({ ...listed, recording: terminalSessions.recording })
      .from(terminalSessions)
      .leftJoin(customers, eq(customers.customerId, terminalSessions.customerId))
      .where(
        and(
          eq(terminalSessions.sessionId, request.params.session_id),
          eq(terminalSessions.partnerId, principal.user.partnerId),
          inIds(terminalSessions.customerId, principal.scope.customerIds),
        ),
      ),
  );
  if (!row) throw notFound(`Terminal session ${request.params.session_id}`);
  return { ...present(row), recording: row.recording };
};
