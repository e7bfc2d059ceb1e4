import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { agentActions, agentEnrolmentTokens } from './fleet.ts';
import { customers } from './organisation.ts';
import { agents } from './security.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const customerRef = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.customerId);
const agentRef = () =>
  uuid('agent_id')
    .notNull()
    .references(() => agents.agentId, { onDelete: 'cascade' });

/**
 * The agent's reports are snapshots: each report replaces what the agent said before, so these
 * tables always hold the endpoint as it last described itself. `reported_at` is when it did.
 */

/** Installed software (spec 3: install_date as text YYYYMMDD, last_seen in UTC). */
export const agentInventory = pgTable(
  'agent_inventory',
  {
    agentId: agentRef(),
    customerId: customerRef(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    version: text('version'),
    publisher: text('publisher'),
    installDate: text('install_date'),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.position] })],
);

/** Problems the agent sees on its endpoint (a stopped service, a full disk, a missing driver). */
export const agentIssues = pgTable(
  'agent_issues',
  {
    agentId: agentRef(),
    customerId: customerRef(),
    code: text('code').notNull(),
    severity: text('severity').notNull(),
    message: text('message').notNull(),
    since: timestamp('since', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.code] })],
);

/** Where users signed in to the endpoint from, as the agent resolved it. */
export const agentLoginLocations = pgTable(
  'agent_login_locations',
  {
    agentId: agentRef(),
    customerId: customerRef(),
    position: integer('position').notNull(),
    userName: text('user_name').notNull(),
    ip: text('ip'),
    country: text('country'),
    city: text('city'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    loggedInAt: timestamp('logged_in_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.position] })],
);

/**
 * What the agent found vulnerable: a missing patch, a vulnerable application or a standalone OS
 * vulnerability (`kind` patch, application, os), each with the CVE ids it names.
 */
export const agentVulnerabilities = pgTable(
  'agent_vulnerabilities',
  {
    agentId: agentRef(),
    customerId: customerRef(),
    kind: text('kind').notNull(),
    /** The patch id (KB5034441), the application's name, or the OS vulnerability's own id. */
    ref: text('ref').notNull(),
    title: text('title').notNull(),
    version: text('version'),
    severity: text('severity'),
    cveIds: text('cve_ids').array().notNull().default([]),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.kind, t.ref] }),
    index('agent_vulnerabilities_customer_idx').on(t.customerId, t.kind),
  ],
);

/** A diagnostics bundle the agent uploads in chunks; complete once every chunk is in and the hash holds. */
export const agentDiagnostics = pgTable(
  'agent_diagnostics',
  {
    bundleId: uuid('bundle_id').primaryKey().defaultRandom(),
    agentId: agentRef(),
    customerId: customerRef(),
    actionId: uuid('action_id').references(() => agentActions.actionId, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    chunkCount: integer('chunk_count').notNull(),
    sha256: text('sha256').notNull(),
    /** uploading, complete, or corrupt (every chunk arrived but the whole does not match the hash). */
    status: text('status').notNull().default('uploading'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('agent_diagnostics_agent_idx').on(t.agentId, t.createdAt)],
);

export const agentDiagnosticChunks = pgTable(
  'agent_diagnostic_chunks',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => agentDiagnostics.bundleId, { onDelete: 'cascade' }),
    customerId: customerRef(),
    chunkIndex: integer('chunk_index').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.chunkIndex] })],
);

/**
 * CVE descriptions for `GET /threat/cve`: filled from the CVEs agents report (id only, until
 * described) and from NVD JSON 2.0 imports. Not tenant data: a CVE is public.
 */
export const cves = pgTable('cves', {
  cveId: text('cve_id').primaryKey(),
  /** Descriptions by language tag (en, de, fi, …), as NVD gives them. */
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull().default({}),
  severity: text('severity'),
  cvssScore: doublePrecision('cvss_score'),
  cvssVector: text('cvss_vector'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  modifiedAt: timestamp('modified_at', { withTimezone: true }),
  firstReportedAt: timestamp('first_reported_at', { withTimezone: true }),
});

/**
 * An installer someone asked for: a job creates its enrolment token and mails the download link;
 * the download is a per-platform bootstrap script carrying the server address and that token.
 */
export const agentInstallers = pgTable(
  'agent_installers',
  {
    installerId: uuid('installer_id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    platform: text('platform').notNull(),
    requestedBy: uuid('requested_by'),
    email: text('email').notNull(),
    /** queued, then ready (token made, link mailed) or failed. */
    status: text('status').notNull().default('queued'),
    serverUrl: text('server_url').notNull(),
    tokenId: uuid('token_id').references(() => agentEnrolmentTokens.tokenId),
    /** The enrolment token the script carries; request work may not read it (WRITE_ONLY_COLUMNS). */
    enrolmentToken: text('enrolment_token'),
    /** SHA-256 of the key in the mailed link. */
    downloadKeyHash: text('download_key_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [index('agent_installers_customer_idx').on(t.customerId, t.createdAt)],
);
