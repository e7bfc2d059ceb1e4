import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './organisation.ts';

/*
 * The events themselves (`log_events`) are not declared here: they live in a table partitioned by
 * day, which drizzle-kit cannot express, so the custom migration `log_events` creates it and the
 * logs area queries it with SQL (src/server/areas/logs/README.md).
 */

/**
 * Per-customer secrets a log shipper sends with each batch (`Authorization: Bearer <id>.<secret>`).
 * Staff create and revoke them; only the SHA-256 of the secret is kept.
 */
export const ingestTokens = pgTable(
  'ingest_tokens',
  {
    tokenId: uuid('token_id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    name: text('name').notNull(),
    /** The source events of this token belong to unless an event names another known source. */
    source: text('source').notNull(),
    secretHash: text('secret_hash').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('ingest_tokens_customer_idx').on(t.customerId, t.createdAt)],
);

/** How many days of a customer's events are kept; customers without a row keep the default. */
export const logRetention = pgTable('log_retention', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.customerId),
  days: integer('days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A search a user ran: its request (term, mode, filters, source, period resolved to instants,
 * customers) kept so its pages, graphs and top values all read the same events. A newer search
 * of the same user cancels the older ones still open.
 */
export const searchJobs = pgTable(
  'search_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** The API key that asked, when a key did: later runs act with the key's reach as it is then. */
    apiKeyId: uuid('api_key_id'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('running'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Percent of the period scanned by the background run. */
    progress: integer('progress').notNull().default(0),
    /** Events counted so far (exact once done). */
    total: integer('total').notNull().default(0),
    /** The run scans newest first: events from here to `to` are counted (partial results). */
    scannedFrom: timestamp('scanned_from', { withTimezone: true }),
    error: text('error'),
    /** A running search nobody reads for a while is abandoned and ended by `search-jobs-cleanup`. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_jobs_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A saved search (spec 2, sections 3 and 6): private to its owner, shared with every user of one
 * customer, or global to every user of the organisation. `search` and `period` are as a search
 * request sends them.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** The customer a customer-scoped search is shared with; null for private and global ones. */
    customerId: uuid('customer_id').references(() => customers.customerId),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    search: jsonb('search').$type<Record<string, unknown>>().notNull(),
    period: jsonb('period').$type<Record<string, unknown>>(),
    /**
     * The customers the search was narrowed to when saved (the console's customer filter); empty
     * is every customer whoever runs it may see. A rule on it counts only these.
     */
    customerIds: uuid('customer_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_partner_idx').on(t.partnerId, t.scope)],
);
