import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { assistantConversations, assistantMessages, partners } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentConversation, presentMessage } from './present.ts';
import { assistantStatus } from './settings.ts';

/** The caller's conversation, locked for a change when asked; 404 for anyone else's (row-level security). */
export async function ownConversation(tx: Db, id: string, lock = false) {
  const query = tx.select().from(assistantConversations).where(eq(assistantConversations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Conversation ${id}`);
  return row;
}

async function ownMessage(tx: Db, conversationId: string, messageId: string) {
  const [row] = await tx
    .select()
    .from(assistantMessages)
    .where(and(eq(assistantMessages.id, messageId), eq(assistantMessages.conversationId, conversationId)));
  if (!row) throw notFound(`Message ${messageId}`);
  return row;
}

export const getAssistantStatus: Handler<'getAssistantStatus'> = async (request) =>
  assistantStatus(request.server.config.assistant, principalOf(request));

/** The provider's switch and policy live in the partner's data, beside aviator_enabled. */
export const updateAssistantSettings: Handler<'updateAssistantSettings'> = async (request) => {
  const principal = principalOf(request);
  const { enabled, policy } = request.body;
  const before = {
    aviator_enabled: principal.partner.data.aviator_enabled === true,
    assistant_policy: principal.partner.data.assistant_policy ?? 'any',
  };
  // Partners are the system's table: the request's role may read its own partner, not change it.
  const [updated] = await request.server.db
    .update(partners)
    .set({
      data: sql`${partners.data} || ${JSON.stringify({ aviator_enabled: enabled, assistant_policy: policy })}::jsonb`,
    })
    .where(eq(partners.partnerId, principal.partner.partnerId))
    .returning();
  await asCaller(request, (tx) =>
    audit(tx, principal, {
      action: 'update',
      entity: 'assistant_settings',
      entityId: principal.partner.partnerId,
      before,
      after: { aviator_enabled: enabled, assistant_policy: policy },
    }),
  );
  return assistantStatus(request.server.config.assistant, { ...principal, partner: updated! });
};

export const listAssistantConversations: Handler<'listAssistantConversations'> = async (request) => {
  const idle = request.server.config.assistant.idleSeconds;
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(assistantConversations)
      .orderBy(desc(assistantConversations.lastActiveAt), desc(assistantConversations.id))
      .limit(200),
  );
  return { conversations: rows.map((row) => presentConversation(row, idle)) };
};

export const createAssistantConversation: Handler<'createAssistantConversation'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const [row] = await asCaller(request, (tx) =>
    tx
      .insert(assistantConversations)
      .values({
        partnerId: principal.user.partnerId,
        userId: principal.user.contactId,
        title: request.body.title?.trim() ?? '',
      })
      .returning(),
  );
  reply.code(201);
  return presentConversation(row!, request.server.config.assistant.idleSeconds);
};

export const getAssistantConversation: Handler<'getAssistantConversation'> = async (request) => {
  const idle = request.server.config.assistant.idleSeconds;
  return asCaller(request, async (tx) => {
    const row = await ownConversation(tx, request.params.id);
    const messages = await tx
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, row.id))
      .orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.role));
    return { ...presentConversation(row, idle), messages: messages.map(presentMessage) };
  });
};

export const renameAssistantConversation: Handler<'renameAssistantConversation'> = async (request) => {
  rejectNulCharacters(request);
  const title = request.body.title.trim();
  const [row] = await asCaller(request, async (tx) => {
    await ownConversation(tx, request.params.id, true);
    return tx
      .update(assistantConversations)
      .set({ title })
      .where(eq(assistantConversations.id, request.params.id))
      .returning();
  });
  return presentConversation(row!, request.server.config.assistant.idleSeconds);
};

export const deleteAssistantConversation: Handler<'deleteAssistantConversation'> = async (request, reply) => {
  await asCaller(request, async (tx) => {
    await ownConversation(tx, request.params.id, true);
    await tx.delete(assistantConversations).where(eq(assistantConversations.id, request.params.id));
  });
  reply.code(204);
  return undefined;
};

export const endAssistantSession: Handler<'endAssistantSession'> = async (request) => {
  const [row] = await asCaller(request, async (tx) => {
    const current = await ownConversation(tx, request.params.id, true);
    if (current.endedAt) return [current];
    return tx
      .update(assistantConversations)
      .set({ endedAt: sql`now()` })
      .where(eq(assistantConversations.id, request.params.id))
      .returning();
  });
  return presentConversation(row!, request.server.config.assistant.idleSeconds);
};

export const getAssistantSentPayload: Handler<'getAssistantSentPayload'> = async (request) =>
  asCaller(request, async (tx) => {
    await ownConversation(tx, request.params.id);
    const message = await ownMessage(tx, request.params.id, request.params.message_id);
    return { requests: message.sent };
  });

export const setAssistantFeedback: Handler<'setAssistantFeedback'> = async (request) => {
  rejectNulCharacters(request);
  const { rating, option = null, comment = null } = request.body;
  const feedback = { rating, option, comment: comment?.trim() || null };
  const row = await asCaller(request, async (tx) => {
    await ownConversation(tx, request.params.id);
    const message = await ownMessage(tx, request.params.id, request.params.message_id);
    if (message.role !== 'assistant') throw notFound(`Answer ${request.params.message_id}`);
    const [updated] = await tx
      .update(assistantMessages)
      .set({ feedback })
      .where(eq(assistantMessages.id, message.id))
      .returning();
    return updated!;
  });
  return presentMessage(row);
};
