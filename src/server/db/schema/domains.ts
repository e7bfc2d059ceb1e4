import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A customer's domain watched for lookalikes (spec 2, section 3 "Domain": uid, name, customer, active). */
export const monitoredDomains = pgTable(
  'monitored_domains',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** Who added it: scheduled scans raise their alerts on that user's behalf. */
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastScannedAt: timestamp('last_scanned_at', { withTimezone: true }),
    /**
     * A scan of this domain alone was queued (when it was added or switched back on), started by
     * the scan-domain job, and failed for good: the screen tells queued, scanning and failed apart.
     */
    scanRequestedAt: timestamp('scan_requested_at', { withTimezone: true }),
    scanStartedAt: timestamp('scan_started_at', { withTimezone: true }),
    scanError: text('scan_error'),
    /** The dictionary fuzzer's words for this domain; null: the default list. */
    fuzzWords: text('fuzz_words').array(),
    /** The suffixes the tld-swap fuzzer tries for this domain; null: the default list. */
    fuzzTlds: text('fuzz_tlds').array(),
  },
  (t) => [uniqueIndex('monitored_domains_name_idx').on(t.customerId, t.name)],
);

/**
 * A candidate of a monitored domain that a scan has seen registered at least once. Its state
 * (registered, resolves, has MX, serves a page) changes only once the same new answer has been
 * observed `pending_count` times in a row, so flapping answers never flip it.
 */
export const lookalikes = pgTable(
  'lookalikes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    domainUid: uuid('domain_uid').notNull(),
    name: text('name').notNull(),
    fuzzer: text('fuzzer').notNull(),
    registered: boolean('registered').notNull().default(false),
    resolves: boolean('resolves').notNull().default(false),
    hasMx: boolean('has_mx').notNull().default(false),
    servesPage: boolean('serves_page').notNull().default(false),
    /** The differing state last observed and how many scans in a row saw it. */
    pending: jsonb('pending'),
    pendingCount: integer('pending_count').notNull().default(0),
    /** Scans in a row that confirmed the current state. */
    stableCount: integer('stable_count').notNull().default(0),
    wildcard: boolean('wildcard').notNull().default(false),
    addresses: text('addresses').array().notNull().default(sql`'{}'::text[]`),
    nameServers: text('name_servers').array().notNull().default(sql`'{}'::text[]`),
    mx: text('mx').array().notNull().default(sql`'{}'::text[]`),
    country: text('country'),
    popularity: integer('popularity'),
    registeredOn: timestamp('registered_on', { withTimezone: true }),
    classification: text('classification').notNull().default('unregistered'),
    confidence: integer('confidence').notNull().default(0),
    risk: integer('risk').notNull().default(0),
    /** Each factor of the risk with its weight: [{ factor, weight, detail }]. */
    riskFactors: jsonb('risk_factors').notNull().default(sql`'[]'::jsonb`),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lookalikes_name_idx').on(t.domainUid, t.name),
    index('lookalikes_customer_idx').on(t.customerId),
  ],
);
