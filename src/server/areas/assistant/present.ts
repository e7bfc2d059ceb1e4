import type { components } from '../../../api/schema.d.ts';
import type { assistantConversations, assistantMessages } from '../../db/schema/index.ts';

type ConversationRow = typeof assistantConversations.$inferSelect;
type MessageRow = typeof assistantMessages.$inferSelect;
type Schemas = components['schemas'];

/** When an idle session ends: its last activity plus the limit. */
export const idleEndOf = (row: ConversationRow, idleSeconds: number) =>
  new Date(row.lastActiveAt.getTime() + idleSeconds * 1000);

/** Ended by its owner, or idle past the limit (which needs no write to hold). */
export function endedAt(row: ConversationRow, idleSeconds: number, now = new Date()): Date | null {
  if (row.endedAt) return row.endedAt;
  const idleEnd = idleEndOf(row, idleSeconds);
  return idleEnd <= now ? idleEnd : null;
}

export function presentConversation(
  row: ConversationRow,
  idleSeconds: number,
): Schemas['AssistantConversation'] {
  return {
    id: row.id,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    last_active_at: row.lastActiveAt.toISOString(),
    ended_at: endedAt(row, idleSeconds)?.toISOString() ?? null,
    idle_expires_at: idleEndOf(row, idleSeconds).toISOString(),
  };
}

export function presentMessage(row: MessageRow): Schemas['AssistantMessage'] {
  return {
    id: row.id,
    role: row.role as 'user' | 'assistant',
    content: row.content,
    citations: row.citations as Schemas['AssistantCitation'][],
    feedback: (row.feedback as Schemas['AssistantFeedback'] | null) ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
