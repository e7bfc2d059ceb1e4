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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, partners } from './organisation.ts';

const customerRef = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.customerId);

/** Comments on alerts and cases. Private comments are visible only to the provider's staff. */
export const discussions = pgTable(
  'discussions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: customerRef(),
    /** 'alert' | 'case' */
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    /** Null when the author's account no longer exists ("a missing user shown as such"). */
    authorId: uuid('author_id'),
    body: text('body').notNull(),
    private: boolean('private').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discussions_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);

/** What happened to an alert: status, priority, assignment, classification, comment, merge, mute… */
export const alertActivity = pgTable(
  'alert_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: customerRef(),
    alertId: bigint('alert_id', { mode: 'number' }).notNull(),
    actorId: uuid('actor_id'),
    impersonatorId: uuid('impersonator_id'),
    action: text('action').notNull(),
    field: text('field'),
    before: jsonb('before'),
    after: jsonb('after'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_activity_alert_idx').on(t.alertId, t.at),
    // The dashboard's time to acknowledge and close: each alert's status changes, index only.
    index('alert_activity_status_idx')
      .on(t.alertId, t.at, t.customerId, t.after)
      .where(sql`${t.field} = 'status'`),
  ],
);

/**
 * Alert events waiting to be mailed to the people who asked for them (profile: e-mail
 * notifications). Written in the transaction of the change, on the one alert path; the
 * alert-notifications job works out who may hear of each, queues the mail and deletes the rows.
 */
export const alertNotificationQueue = pgTable('alert_notification_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  // A customer deleted meanwhile takes its pending notifications with it.
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.customerId, { onDelete: 'cascade' }),
  alertId: bigint('alert_id', { mode: 'number' }).notNull(),
  /** Who made the change (never told of their own changes); null for the system. */
  actorId: uuid('actor_id'),
  /** 'new' | 'assigned' | 'updated' */
  event: text('event').notNull(),
  field: text('field'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Individual detections that make up an alert (process, file, sign-in, e-mail evidence). */
export const detections = pgTable(
  'detections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: customerRef(),
    alertId: bigint('alert_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    source: text('source'),
    severity: text('severity'),
    technique: text('technique'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('detections_alert_idx').on(t.alertId, t.detectedAt)],
);

/** Silences alerts: new alerts matching every condition of an active mute are stored as muted. */
export const mutes = pgTable(
  'mutes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    /** [{ field, operator, value }]: all must match. */
    conditions: jsonb('conditions').$type<{ field: string; operator: string; value: unknown }[]>().notNull(),
    description: text('description').notNull().default(''),
    /** 'active' | 'inactive' (unmuted by hand) | 'expired' (set by the expiry job). */
    state: text('state').notNull().default('active'),
    createdBy: uuid('created_by'),
    sourceAlertId: bigint('source_alert_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mutes_customer_state_idx').on(t.customerId, t.state)],
);

/** Alert rules (detection rules that raise alerts), listed a page of 1000 at a time. */
export const alertRules = pgTable('alert_rules', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: customerRef(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priority: text('priority').notNull().default('medium'),
  enabled: boolean('enabled').notNull().default(true),
  query: text('query').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Requests made from an alert: device/endpoint actions and workflow re-runs, performed later. */
export const alertRequests = pgTable(
  'alert_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: customerRef(),
    alertId: bigint('alert_id', { mode: 'number' }).notNull(),
    /** 'device_action' | 'workflow_rerun' */
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    requestedBy: uuid('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_requests_alert_idx').on(t.alertId)],
);

/** Connections to third-party security products that send alerts. */
export const integrations = pgTable('integrations', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: uuid('partner_id').notNull(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  releaseStatus: text('release_status').notNull().default('stable'),
  /** Non-secret settings only; even these leave the server only through an allowlist per kind. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Credentials (client secrets, API tokens), sealed with AES-256-GCM (auth/secret-box.ts); never returned. */
  secrets: text('secrets'),
  /** Who configured it: inbound alerts are raised as this person, within their reach when they arrive. */
  createdBy: uuid('created_by'),
  /** Set when the saved settings passed validation; any change of settings clears it. */
  validatedAt: timestamp('validated_at', { withTimezone: true }),
  /** When a pulling kind last brought its tenants' alerts in without an error. */
  pulledAt: timestamp('pulled_at', { withTimezone: true }),
  /** Why its last pull failed (the host and what it answered), shown on the instance; null once one works. */
  pullError: text('pull_error'),
  pullErrorAt: timestamp('pull_error_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which external tenant of an integration belongs to which customer. */
export const integrationMappings = pgTable(
  'integration_mappings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    integrationId: uuid('integration_id').notNull(),
    customerId: customerRef(),
    externalId: text('external_id').notNull(),
    externalName: text('external_name').notNull().default(''),
  },
  (t) => [
    index('integration_mappings_integration_idx').on(t.integrationId),
    // One external tenant maps to one internal customer (spec 2, section 5).
    uniqueIndex('integration_mappings_external_idx').on(t.integrationId, t.externalId),
  ],
);

/**
 * Signatures of webhook deliveries already accepted, kept for the replay window: a delivery sent
 * again with the same signature is refused by every API process. System connection only.
 */
export const integrationWebhookReceipts = pgTable(
  'integration_webhook_receipts',
  {
    integrationId: uuid('integration_id').notNull(),
    signature: text('signature').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_webhook_receipts_idx').on(t.integrationId, t.signature),
    index('integration_webhook_receipts_time_idx').on(t.receivedAt),
  ],
);

/**
 * How far a pulling kind has read each external tenant (the last change time it saw), so the next
 * pull asks only for what changed since. System connection only (the job).
 */
export const integrationPullCursors = pgTable(
  'integration_pull_cursors',
  {
    integrationId: uuid('integration_id').notNull(),
    externalId: text('external_id').notNull(),
    cursor: timestamp('cursor', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('integration_pull_cursors_idx').on(t.integrationId, t.externalId)],
);

/**
 * The product's alert ids already raised, per integration: an alert pulled again (it changed, or
 * a page was read twice) raises nothing new. System connection only.
 */
export const integrationPulledAlerts = pgTable(
  'integration_pulled_alerts',
  {
    integrationId: uuid('integration_id').notNull(),
    externalAlertId: text('external_alert_id').notNull(),
    alertId: bigint('alert_id', { mode: 'number' }),
    pulledAt: timestamp('pulled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integration_pulled_alerts_idx').on(t.integrationId, t.externalAlertId)],
);

/** Which host names an integration reports belong to which customer, for events that name no tenant. */
export const integrationHostMappings = pgTable(
  'integration_host_mappings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    integrationId: uuid('integration_id').notNull(),
    customerId: customerRef(),
    hostName: text('host_name').notNull(),
  },
  (t) => [uniqueIndex('integration_host_mappings_host_idx').on(t.integrationId, t.hostName)],
);

/**
 * Background jobs (mute expiry, schedules): claimed with FOR UPDATE SKIP LOCKED by any worker.
 * A job is pending until `done_at`; `dead_at` marks one given up after its last attempt. At most
 * one pending job per kind and `singleton_key`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /**
     * The provider the job works for. Filled by enqueueJob, else by the database (as for
     * mail_outbox): deployment-wide work such as the schedules is the deployment's provider's.
     */
    partnerId: uuid('partner_id')
      .references(() => partners.partnerId, { onDelete: 'cascade' })
      .default(sql`current_partner_id()`),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    singletonKey: text('singleton_key'),
    deadAt: timestamp('dead_at', { withTimezone: true }),
    /** How far a long job has got (units of its own: customers, domains), for people waiting on it. */
    progress: jsonb('progress').$type<{ done: number; total: number }>(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt),
    index('jobs_partner_idx').on(t.partnerId, t.id),
    uniqueIndex('jobs_singleton_idx').on(t.kind, t.singletonKey).where(sql`done_at is null`),
  ],
);
