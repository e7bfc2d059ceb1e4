import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners, users } from './organisation.ts';

/**
 * An invitation to set a password for the embedded identity provider. Only the SHA-256 of the
 * link's secret is kept; the link works once and until it expires. System connection only (the
 * person opening the link is not signed in), so it is not granted to the app role.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    invitationId: uuid('invitation_id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => users.contactId, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    invitedBy: uuid('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_invitations_contact_idx').on(t.contactId)],
);

/**
 * A key that scripts the API as its creator, narrowed to some customers (or every customer, for
 * staff keys) and to reading alone or reading and writing. The bearer is `wfk_<key_id>.<secret>`;
 * only the SHA-256 of the secret is kept. The key's reach is recomputed on every use as the
 * intersection with what its creator may still see.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    keyId: uuid('key_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.contactId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Every customer of the creator (staff only); else exactly customer_ids. */
    global: boolean('global').notNull().default(false),
    customerIds: uuid('customer_ids').array().notNull(),
    /** 'read' | 'read_write' */
    access: text('access').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_creator_idx').on(t.createdBy)],
);
