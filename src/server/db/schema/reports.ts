import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  date,
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

/** Binary column (PDFs, logos), read and written as a Buffer on PGlite and PostgreSQL alike. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A report (spec 2, section 3 "Report"): a versioned document of components and data sections,
 * shared private, with one customer or globally as saved searches are (section 6).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    /** The customer a customer-scoped report is shared with; null for private and global ones. */
    customerId: uuid('customer_id').references(() => customers.customerId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    scope: text('scope').notNull(),
    savedSearchId: uuid('saved_search_id'),
    /** month: the target month and the two before (spec 2, section 9); week: one ISO week. */
    target: text('target').notNull().default('month'),
    /** A fixed period instead of the target's: both or neither. */
    startDate: date('start_date'),
    endDate: date('end_date'),
    retentionDays: integer('retention_days').notNull().default(90),
    /** The document: `{ components: [...] }` (openapi ReportComponent). */
    document: jsonb('document').$type<{ components: unknown[] }>().notNull(),
    /** Raised by one on every change, so a stored PDF names the version it was made from. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_partner_idx').on(t.partnerId, t.scope)],
);

/** A report sent to recipients every month or week for one customer, in that customer's time zone. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').notNull().default(sql`current_partner_id()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** Whose reach the runs read through, as it is when each runs. */
    ownerId: uuid('owner_id').notNull(),
    frequency: text('frequency').notNull(),
    timeZone: text('time_zone').notNull(),
    recipients: text('recipients').array().notNull(),
    /** Entra ID groups of the customer's tenant the runs narrow to (their devices only); none: all. */
    selectedGroups: text('selected_groups').array().notNull().default(sql`'{}'::text[]`),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_schedules_customer_report_idx').on(t.customerId, t.reportId),
    index('report_schedules_due_idx').on(t.nextRunAt),
  ],
);

/**
 * One rendering of a report for one customer and period (scheduled or sent now): the delivery
 * log's row and, until it expires (the report's retention days), the PDF itself.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: uuid('partner_id').notNull().default(sql`current_partner_id()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id'),
    requestedBy: uuid('requested_by').notNull(),
    reportVersion: integer('report_version').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    recipients: text('recipients').array().notNull(),
    /** Entra ID groups of the customer's tenant the PDF narrows to (their devices only); none: all. */
    selectedGroups: text('selected_groups').array().notNull().default(sql`'{}'::text[]`),
    /** queued, running, sent, or failed (after its last attempt; `last_error` says why). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    pdf: bytea('pdf'),
    pdfBytes: integer('pdf_bytes'),
    pages: integer('pages'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('report_runs_customer_idx').on(t.customerId, t.createdAt),
    index('report_runs_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * Colours and logo of the provider (`customer_id` null) or of one customer; a customer's report
 * takes the customer's where set, else the provider's.
 */
export const reportBranding = pgTable(
  'report_branding',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').notNull().default(sql`current_partner_id()`),
    customerId: uuid('customer_id').references(() => customers.customerId, { onDelete: 'cascade' }),
    primaryColor: text('primary_color').notNull(),
    secondaryColor: text('secondary_color').notNull(),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_branding_owner_idx').on(
      t.partnerId,
      sql`coalesce(${t.customerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);
