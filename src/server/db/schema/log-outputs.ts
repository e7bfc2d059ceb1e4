import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './organisation.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An export of a search's events (spec 2, section 3: mode, size, fields, emails). Small ones are
 * streamed and recorded when done; large ones are written by the `log-export` job, kept gzipped
 * here (so any API process can serve the mailed link) and mailed. Row count and SHA-256 of the
 * file are recorded either way. A user's own, like the search it reads.
 */
export const logExports = pgTable(
  'log_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** The API key that asked, when a key did: the job acts with the key's reach as it is then. */
    apiKeyId: uuid('api_key_id'),
    partnerId: uuid('partner_id').notNull(),
    searchId: uuid('search_id').notNull(),
    customerIds: uuid('customer_ids').array().notNull(),
    format: text('format').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    size: integer('size').notNull(),
    emails: text('emails').array().notNull(),
    /** streamed, queued, ready or failed. */
    status: text('status').notNull(),
    /** Why a failed export ended, as a reason code (see the contract's LogExport). */
    failure: text('failure'),
    rowCount: integer('row_count'),
    sha256: text('sha256'),
    content: bytea('content'),
    downloadKeyHash: text('download_key_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('log_exports_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A saved search's alert settings (spec 2, section 3): every minute the `log-alerting` job counts
 * the search's events of the last `period_seconds` per customer; a customer at or over the
 * threshold gets an alert unless the rule fired for it less than `realert_minutes` ago (0: always).
 */
export const logAlertRules = pgTable(
  'log_alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** The owner's API key that set the rule, when a key did: the rule runs with that key's reach. */
    apiKeyId: uuid('api_key_id'),
    savedSearchId: uuid('saved_search_id').notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    priority: text('priority').notNull(),
    threshold: integer('threshold').notNull(),
    realertMinutes: integer('realert_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('log_alert_rules_saved_idx').on(t.savedSearchId)],
);

/** Each time a rule met its threshold for a customer: the alert made, or why none was (suppressed). */
export const logAlertFirings = pgTable(
  'log_alert_firings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => logAlertRules.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    /** fired or suppressed. */
    outcome: text('outcome').notNull(),
    /** Why a firing was suppressed (realert, muted); null when an alert was raised. */
    reason: text('reason'),
    alertId: bigint('alert_id', { mode: 'number' }),
  },
  (t) => [index('log_alert_firings_rule_idx').on(t.ruleId, t.customerId, t.firedAt)],
);

/**
 * Log usage per customer, day (UTC) and source, metered by the `log-usage` job from the events
 * stored: it outlives the events (retention drops them), so the retention screen shows usage over
 * time.
 */
export const logUsage = pgTable(
  'log_usage',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    meteredAt: timestamp('metered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day, t.source] })],
);
