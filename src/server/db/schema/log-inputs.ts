import { cidr, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './organisation.ts';

/**
 * Which customer a syslog sender belongs to, by its address (a host or a network). Messages that
 * carry an ingest token in their structured data need none. The narrowest matching network wins.
 */
export const syslogSources = pgTable(
  'syslog_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    name: text('name').notNull(),
    address: cidr('address').notNull(),
    /** The source the sender's events are stored as. */
    source: text('source').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('syslog_sources_address_idx').on(t.address),
    index('syslog_sources_customer_idx').on(t.customerId, t.createdAt),
  ],
);
