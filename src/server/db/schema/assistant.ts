import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners, users } from './organisation.ts';

/**
 * A conversation with the assistant (spec 2, section 9): its owner's alone. `placeholders` maps
 * each real value (a host, a person, an address, a customer) to the stable placeholder the model
 * saw for it in this conversation, so later turns and the answer's restoration agree.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.contactId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    placeholders: jsonb('placeholders').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** Ended by its owner; a session idle past the limit counts as ended without a write. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('assistant_conversations_user_idx').on(t.userId, t.lastActiveAt)],
);

/** One question or answer. An answer keeps exactly what was sent for it and its feedback. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role').notNull(),
    /** As the person reads it: placeholders restored. */
    content: text('content').notNull(),
    /** As the model saw or wrote it: placeholders in place of real values. */
    modelContent: text('model_content').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>(),
    citations: jsonb('citations').$type<{ kind: string; id: string }[]>().notNull().default([]),
    /** Each request body sent to the model for this answer, with its address. */
    sent: jsonb('sent').$type<{ url: string; body: string }[]>().notNull().default([]),
    feedback: jsonb('feedback').$type<{ rating: string; option?: string | null; comment?: string | null }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);
