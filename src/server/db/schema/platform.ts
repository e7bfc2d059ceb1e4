import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners } from './organisation.ts';

/** One file of an outbox message, as stored (base64, so the row stays JSON). */
export interface MailAttachmentRow {
  filename: string;
  content_type: string;
  content: string;
}

/**
 * Platform announcements (agent releases, maintenance, features), written by administrators. Users
 * see an update once it is published; `published_at` also drives the unread badge, so a draft
 * published a week after it was written still counts as new.
 */
export const platformUpdates = pgTable(
  'platform_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('platform_updates_published_idx').on(t.publishedAt)],
);

/** Server-wide secrets and settings shared by every API process (signing keys, IdP cookie keys). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Console sessions issued after sign-in; revoked on logout or end of impersonation. */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: uuid('session_id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    impersonatorId: uuid('impersonator_id'),
    idToken: text('id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One row whose counter moves whenever something a signed-in caller is made of changes: a session
 * revoked, a user, their partner or the partner's customers changed (migration 0043's triggers, in
 * the transaction of the change). Each API process keeps callers it has resolved only while the
 * counter stays where it was when it resolved them (auth/session-principals.ts). System table.
 */
export const authEpoch = pgTable(
  'auth_epoch',
  {
    id: boolean('id').primaryKey().default(true),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('auth_epoch_one_row', sql`${t.id}`)],
);

/** Every change made through the API: who (and who impersonated them), what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    partnerId: uuid('partner_id').notNull(),
    customerId: uuid('customer_id'),
    actorId: uuid('actor_id'),
    impersonatorId: uuid('impersonator_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_partner_at_idx').on(t.partnerId, t.at),
    // A case's activity reads its own audit rows.
    index('audit_entity_idx').on(t.entity, t.entityId, t.at),
  ],
);

/**
 * State of the embedded identity provider (sessions, interactions, grants, codes, tokens), kept in
 * the database so restarts and several API processes share it. System table: never granted to the
 * app role. `payload` is the provider's own JSON; the other columns are its lookup keys.
 */
export const idpStore = pgTable(
  'idp_store',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_store_grant_idx').on(t.grantId),
    index('idp_store_uid_idx').on(t.model, t.uid),
    index('idp_store_user_code_idx').on(t.model, t.userCode),
    index('idp_store_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Failed sign-ins per client address and per account (rate-limiter-flexible's RateLimiterDrizzle
 * store: key, points, expire), shared by every API process through the database.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

/**
 * Mail waiting to go out, and what became of it (the outbox). Written in the same transaction as
 * the change that promises the mail, with its deliver-mail job, so an acknowledged request never
 * loses it; the job sends it (src/server/mail/). `locked_at` marks a message being sent; a worker
 * that died mid-send leaves its job to be claimed again once the lease runs out (at-least-once
 * delivery). `next_attempt_at` is when the job tries again, for people to read.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * The provider the mail is for. Filled by queueMail, else by the database: the caller's
     * provider under request scope, or the deployment's (the first partner) on the system connection.
     */
    partnerId: uuid('partner_id')
      .references(() => partners.partnerId, { onDelete: 'cascade' })
      .default(sql`current_partner_id()`),
    recipients: text('recipients').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the message: `[{ filename, content_type, content (base64) }]` (a report's PDF). */
    attachments: jsonb('attachments').$type<MailAttachmentRow[]>().notNull().default(sql`'[]'::jsonb`),
    /** queued, sent, or failed (given up after the last attempt; `last_error` says why). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'queued'`),
    index('mail_outbox_partner_idx').on(t.partnerId, t.id),
  ],
);
