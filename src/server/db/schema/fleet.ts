import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './organisation.ts';
import { agents } from './security.ts';

/**
 * Per-customer secrets an agent presents once, at enrolment. Staff create them with a use limit
 * and an expiry and may revoke them; `uses` counts the agents each one enrolled.
 */
export const agentEnrolmentTokens = pgTable(
  'agent_enrolment_tokens',
  {
    tokenId: uuid('token_id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    name: text('name').notNull(),
    /** SHA-256 of the token's secret; the secret is shown once, when the token is created. */
    secretHash: text('secret_hash').notNull(),
    useLimit: integer('use_limit').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_enrolment_tokens_customer_idx').on(t.customerId, t.createdAt)],
);

/** One step of an action's life: when it happened and what the agent (or the console) said. */
export interface ActionStep {
  status: string;
  at: string;
  /** The agent's own receipt (its id for the run, its clock), or who cancelled. */
  receipt?: string | null;
  by?: string | null;
}

/**
 * A response action asked of one agent: queued, delivered (the agent got it at a check-in),
 * running, then succeeded, failed, expired or cancelled. `steps` is the evidence of each move.
 */
export const agentActions = pgTable(
  'agent_actions',
  {
    actionId: uuid('action_id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.agentId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    steps: jsonb('steps').$type<ActionStep[]>().notNull().default([]),
    requestedBy: uuid('requested_by'),
    alertId: bigint('alert_id', { mode: 'number' }),
    caseId: bigint('case_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    exitCode: integer('exit_code'),
    /** The first OUTPUT_LIMIT characters of what the agent printed; the hash is of all of it. */
    output: text('output'),
    outputSha256: text('output_sha256'),
    outputBytes: integer('output_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_actions_agent_idx').on(t.agentId, t.createdAt),
    // Check-ins look for an agent's pending actions; the expiry job for pending ones past due.
    index('agent_actions_pending_idx')
      .on(t.agentId, t.createdAt)
      .where(sql`status in ('queued', 'delivered')`),
    // The activity of an alert or a case lists the actions started from it.
    index('agent_actions_alert_idx').on(t.alertId).where(sql`alert_id is not null`),
    index('agent_actions_case_idx').on(t.caseId).where(sql`case_id is not null`),
    index('agent_actions_pending_expiry_idx').on(t.expiresAt).where(sql`status in ('queued', 'delivered')`),
  ],
);

/**
 * Terminal access an Owner granted a user by e-mail for every agent of one customer (spec 2,
 * section 6). The certificate itself (`<certificate_id>.<secret>`) is mailed once; only its
 * SHA-256 is kept. It stops working when it expires or is revoked.
 */
export const terminalCertificates = pgTable(
  'terminal_certificates',
  {
    certificateId: uuid('certificate_id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    /** The user it was granted to, and the address it was mailed to. */
    contactId: uuid('contact_id').notNull(),
    email: text('email').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
    grantedBy: uuid('granted_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('terminal_certificates_customer_idx').on(t.customerId, t.createdAt),
    index('terminal_certificates_contact_idx').on(t.contactId, t.customerId),
  ],
);
