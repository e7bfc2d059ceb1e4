import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { terminalCertificates } from './fleet.ts';
import { customers } from './organisation.ts';

/**
 * Live terminal sessions on agents and their recordings (asciicast v2): who opened which agent of
 * which customer, with which certificate, when it started and ended and why.
 */
export const terminalSessions = pgTable(
  'terminal_sessions',
  {
    sessionId: uuid('session_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    /** No foreign key: a recording outlives its agent. */
    agentId: uuid('agent_id').notNull(),
    /** The agent's host name when the session started (the agent may be deleted or renamed later). */
    hostName: text('host_name').notNull(),
    contactId: uuid('contact_id').notNull(),
    email: text('email').notNull(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => terminalCertificates.certificateId, { onDelete: 'cascade' }),
    cols: integer('cols').notNull(),
    rows: integer('rows').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** console, agent, agent_dropped, console_dropped, idle, certificate, server_stopping, server_stopped, not_joined */
    endReason: text('end_reason'),
    /** The asciicast v2 recording, gathered from its chunks when the session ends. */
    recording: text('recording'),
    recordingBytes: integer('recording_bytes').notNull().default(0),
    /** The API process whose memory holds the live session (the one the agent's channel reached). */
    relayNodeId: uuid('relay_node_id'),
    /** The address the session was started from (the person's, also when another API process passed the call on). */
    clientAddress: text('client_address'),
  },
  (t) => [
    index('terminal_sessions_partner_started_idx').on(t.partnerId, t.startedAt),
    index('terminal_sessions_customer_idx').on(t.customerId, t.startedAt),
  ],
);

/**
 * A live session's recording as it grows: the relay appends what was recorded about every second,
 * so a process that crashes loses at most the last second. In `seq` order the chunks are the
 * asciicast v2 text (the header line first); when the session ends they move into
 * terminal_sessions.recording.
 */
export const terminalRecordingChunks = pgTable(
  'terminal_recording_chunks',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => terminalSessions.sessionId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] })],
);

/**
 * The API processes that relay live terminals, each with the address the others reach it at,
 * refreshed while it runs: one not seen for a while has stopped.
 */
export const terminalRelayNodes = pgTable('terminal_relay_nodes', {
  nodeId: uuid('node_id').primaryKey(),
  address: text('address').notNull(),
  /** SHA-256 of the secret the process proves its passed-on calls with (they carry the client's address). */
  secretHash: text('secret_hash'),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which API process holds each agent's outbound terminal channel (the newest, when it dialled twice). */
export const terminalChannels = pgTable('terminal_channels', {
  agentId: uuid('agent_id').primaryKey(),
  nodeId: uuid('node_id').notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});
