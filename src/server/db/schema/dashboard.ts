import {
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './organisation.ts';

/*
 * The dashboard's alert rollups (areas/dashboard/README.md). Kept by triggers on alerts and
 * alert_activity (migration 0034) in the transaction of every write, so they are never behind;
 * the charts read these small tables instead of the alerts.
 */

const customerRef = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.customerId, { onDelete: 'cascade' });

/** Alerts created per customer, UTC hour, priority and type, and how many of them are open now. */
export const alertRollupHourly = pgTable(
  'alert_rollup_hourly',
  {
    customerId: customerRef(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    priority: text('priority').notNull(),
    type: text('type').notNull(),
    alerts: integer('alerts').notNull().default(0),
    open: integer('open').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.hour, t.priority, t.type] })],
);

/** The same per UTC day: what the charts over days read. */
export const alertRollupDaily = pgTable(
  'alert_rollup_daily',
  {
    customerId: customerRef(),
    day: date('day').notNull(),
    priority: text('priority').notNull(),
    type: text('type').notNull(),
    alerts: integer('alerts').notNull().default(0),
    open: integer('open').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day, t.priority, t.type] })],
);

/** Alerts per customer and status now. */
export const alertStatusCounts = pgTable(
  'alert_status_counts',
  {
    customerId: customerRef(),
    status: text('status').notNull(),
    alerts: integer('alerts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.status] })],
);

/**
 * Time to acknowledge and to close per customer and UTC day of the alerts' creation, as a
 * histogram: each bucket (alert_response_bucket in SQL, 20% wide) holds how many alerts and the
 * sum of their seconds, so the medians are read from the buckets' means.
 */
export const alertResponseRollup = pgTable(
  'alert_response_rollup',
  {
    customerId: customerRef(),
    day: date('day').notNull(),
    /** 'acknowledge' or 'close'. */
    kind: text('kind').notNull(),
    bucket: smallint('bucket').notNull(),
    alerts: integer('alerts').notNull().default(0),
    seconds: doublePrecision('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day, t.kind, t.bucket] })],
);
