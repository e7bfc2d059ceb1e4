import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './organisation.ts';

/** An endpoint agent installed at a customer. */
export const agents = pgTable(
  'agents',
  {
    agentId: uuid('agent_id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    hostName: text('host_name').notNull(),
    platform: text('platform').notNull(),
    architecture: text('architecture').notNull(),
    version: text('version').notNull(),
    systemType: text('system_type'),
    ip: text('ip'),
    statusCode: integer('status_code').notNull().default(0),
    isDomainController: boolean('is_domain_controller').notNull().default(false),
    isIsolated: boolean('is_isolated').notNull().default(false),
    sysmonEnabled: boolean('sysmon_enabled').notNull().default(false),
    syslogForwarder: boolean('syslog_forwarder').notNull().default(false),
    terminalEnabled: boolean('terminal_enabled').notNull().default(false),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    firstActive: timestamp('first_active', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the agent's credential secret (random, 32 bytes): null for agents that never enrolled. */
    credentialHash: text('credential_hash'),
    /** Seconds between check-ins, as the agent declared it. */
    checkInInterval: integer('check_in_interval').notNull().default(60),
    /** 'healthy' | 'degraded' | 'unhealthy', as last reported, with the agent's reasons. */
    health: text('health').notNull().default('healthy'),
    healthIssues: jsonb('health_issues').$type<string[]>().notNull().default([]),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** The settings the agent says it applied at its last check-in. */
    appliedSettings: jsonb('applied_settings').$type<Record<string, unknown>>().notNull().default({}),
    /** When an isolation ends by itself; null while not isolated or isolated without end. */
    isolatedUntil: timestamp('isolated_until', { withTimezone: true }),
    enrolmentTokenId: uuid('enrolment_token_id'),
  },
  (t) => [
    index('agents_customer_idx').on(t.customerId),
    index('agents_host_idx').on(t.hostName),
    index('agents_host_name_trgm').using('gin', sql`${t.hostName} gin_trgm_ops`),
  ],
);

/** A case groups alerts of one customer. */
export const cases = pgTable(
  'cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('new'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    assignedUsers: text('assigned_users').array().notNull().default(sql`'{}'::text[]`),
    riskScore: integer('risk_score').notNull().default(0),
    riskScoreMin: integer('risk_score_min'),
    riskScoreMax: integer('risk_score_max'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cases_customer_status_idx').on(t.customerId, t.status),
    index('cases_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** A security alert raised for one customer. */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    caseId: bigint('case_id', { mode: 'number' }),
    integrationId: uuid('integration_id'),
    /** Set when this alert was merged into another; merged alerts are closed. */
    mergedInto: bigint('merged_into', { mode: 'number' }),
    title: text('title').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('new'),
    priority: text('priority').notNull().default('medium'),
    riskScore: integer('risk_score').notNull().default(0),
    classification: text('classification'),
    severity: text('severity'),
    confidence: integer('confidence'),
    entityId: text('entity_id'),
    hostName: text('host_name'),
    hostOs: text('host_os'),
    logLevel: text('log_level'),
    externalSource: text('external_source'),
    /**
     * The enrolled agent of the same customer the alert concerns: given by the source or resolved
     * from the host name when the alert is created. Deleting the agent keeps the alert and unlinks it.
     */
    agentId: uuid('agent_id').references(() => agents.agentId, { onDelete: 'set null' }),
    assignedUsers: text('assigned_users').array().notNull().default(sql`'{}'::text[]`),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** First status change away from `new` and first to a closing status, from alert_activity (set by trigger). */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('alerts_customer_status_idx').on(t.customerId, t.status),
    index('alerts_created_idx').on(t.createdAt),
    // The dashboard's charts over a span: index-only scans by customer and creation time.
    index('alerts_customer_created_idx').on(t.customerId, t.createdAt, t.priority, t.type, t.status),
    index('alerts_case_idx').on(t.caseId),
    index('alerts_agent_idx').on(t.agentId),
    // Sort orders of the alert list, each with id as the tiebreaker of its keyset cursor.
    // The expression must stay identical to PRIORITY_RANK in src/server/areas/alerts/sorting.ts.
    index('alerts_priority_rank_idx').on(
      sql`(case ${t.priority} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end)`,
      t.id,
    ),
    index('alerts_updated_id_idx').on(t.updatedAt, t.id),
    index('alerts_status_id_idx').on(t.status, t.id),
    index('alerts_host_name_id_idx').on(t.hostName, t.id),
    index('alerts_title_id_idx').on(t.title, t.id),
    index('alerts_assigned_gin').using('gin', t.assignedUsers),
    // "Contains" searches (omnibox, title and free-text filters) use trigram indexes (pg_trgm).
    index('alerts_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    index('alerts_host_name_trgm').using('gin', sql`${t.hostName} gin_trgm_ops`),
  ],
);
