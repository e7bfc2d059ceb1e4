import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** console, agent, agent_dropped, console_dropped, idle, certificate, server_stopping, not_joined */
    endReason: text('end_reason'),
    /** The asciicast v2 recording, written when the session ends. */
    recording: text('recording'),
    recordingBytes: integer('recording_bytes').notNull().default(0),
  },
  (t) => [
    index('terminal_sessions_partner_started_idx').on(t.partnerId, t.startedAt),
    index('terminal_sessions_customer_idx').on(t.customerId, t.startedAt),
  ],
);
