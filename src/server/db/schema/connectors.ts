import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './organisation.ts';

/**
 * Credentials a customer's administrator (or provider staff) issued to the browser extension on
 * the consent page (`/connectors/chrome`): the bearer is `wfc_<credential_id>.<secret>`, only
 * the SHA-256 of the secret is kept. It reaches one customer and only the extension's calls, as
 * the person who approved it as they are now; revoking it refuses its next call.
 */
export const connectorCredentials = pgTable(
  'connector_credentials',
  {
    credentialId: uuid('credential_id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    /** The browser the connector is for; only Chrome today. */
    kind: text('kind').notNull(),
    /** The extension's id, from the chrome-extension:// address it asked to be sent back to. */
    extensionId: text('extension_id').notNull(),
    /** What the person approved (connectors/scopes.ts), named on the consent page. */
    scopes: text('scopes').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Who approved it; its calls act as them, narrowed to the customer (gone with them). */
    approvedBy: uuid('approved_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('connector_credentials_customer_idx').on(t.customerId, t.createdAt)],
);
