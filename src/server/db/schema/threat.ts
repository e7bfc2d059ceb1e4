import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/**
 * The intelligence store: known indicators (IPs, domains, file hashes) and their verdicts, from
 * feeds or added by staff; global, not tenant-owned. An expired indicator no longer answers look-ups.
 */
export const threatIndicators = pgTable(
  'threat_indicators',
  {
    id: uuid('id').notNull().unique().defaultRandom(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    risk: integer('risk').notNull().default(0),
    det: text('det').notNull().default('U'),
    country: text('country'),
    registrantOrganization: text('registrant_organization'),
    popularity: integer('popularity'),
    threatCategories: text('threat_categories').array().notNull().default(sql`'{}'::text[]`),
    malwareGroup: text('malware_group'),
    /** Where the verdict came from: a feed's name, or `manual` for staff entries. */
    source: text('source').notNull().default('manual'),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index('threat_indicators_source_idx').on(t.source)],
);

/**
 * Known-good values (the MISP idea of warning lists): never flagged, whatever a feed says. A
 * domain entry covers its subdomains too.
 */
export const threatWarningList = pgTable(
  'threat_warning_list',
  {
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    list: text('list').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

/** Feeds the fetch-threat-feeds job reads: where, in which format, and the verdict their entries carry. */
export const threatFeeds = pgTable('threat_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  url: text('url').notNull(),
  /** `list` (one value a line), `csv`, `misp` (a MISP feed's manifest.json) or `stix` (a STIX 2.1 bundle). */
  format: text('format').notNull(),
  /** `indicators` (known bad) or `warning` (a warning list of known-good values). */
  purpose: text('purpose').notNull().default('indicators'),
  /** For `list` feeds, the kind of every line; other formats say it per entry. */
  kind: text('kind'),
  /** For `csv` feeds, the column holding the value (0-based). */
  valueColumn: integer('value_column').notNull().default(0),
  risk: integer('risk').notNull().default(80),
  threatCategories: text('threat_categories').array().notNull().default(sql`'{}'::text[]`),
  /** How long an entry stays in the store after the feed last listed it. */
  retentionDays: integer('retention_days').notNull().default(30),
  enabled: boolean('enabled').notNull().default(true),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  lastCount: integer('last_count'),
  lastError: text('last_error'),
});

/**
 * Each time someone looked an indicator up. A customer user's sighting carries their customer;
 * a staff look-up has none and only staff see it.
 */
export const threatSightings = pgTable(
  'threat_sightings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').notNull(),
    customerId: uuid('customer_id'),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    context: text('context').notNull().default('lookup'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** context 'alert': the alert whose field named the value, and that field's path. */
    alertId: bigint('alert_id', { mode: 'number' }),
    field: text('field'),
  },
  (t) => [
    index('threat_sightings_value_idx').on(t.kind, t.value, t.seenAt),
    index('threat_sightings_alert_idx').on(t.alertId),
  ],
);

/**
 * Indicators a customer (or staff for that customer) added: that customer's verdict on a value,
 * seen only within that customer; it never changes what other customers are told.
 */
export const customerIndicators = pgTable(
  'customer_indicators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    det: text('det').notNull(),
    risk: integer('risk').notNull(),
    threatCategories: text('threat_categories').array().notNull().default(sql`'{}'::text[]`),
    malwareGroup: text('malware_group'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_indicators_value_idx').on(t.customerId, t.kind, t.value)],
);

/**
 * Breach look-ups of e-mail accounts (Have I Been Pwned): tenant data. A customer user's look-up
 * belongs to their customer; a staff look-up to no customer (seen by staff only). One row per
 * owner and account: in progress while the job runs, then done with the breaches, or failed.
 */
export const breachLookups = pgTable(
  'breach_lookups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').notNull(),
    customerId: uuid('customer_id'),
    account: text('account').notNull(),
    /** in_progress, done or failed. */
    status: text('status').notNull().default('in_progress'),
    /** The provider's breaches: name, title, domain, breach date, data classes. */
    breaches: jsonb('breaches').$type<BreachEntry[]>().notNull().default(sql`'[]'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    requestedBy: uuid('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('breach_lookups_owner_idx').on(
      t.partnerId,
      sql`coalesce(${t.customerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.account,
    ),
  ],
);

export interface BreachEntry {
  name: string;
  title: string;
  domain: string;
  breach_date: string | null;
  pwn_count: number | null;
  data_classes: string[];
  verified: boolean;
}
