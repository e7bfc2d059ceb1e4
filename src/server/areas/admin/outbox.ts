import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import type { Handler, ResultOf } from '../../platform/handler.ts';
import { principalOf } from '../../plugins/auth.ts';

type Message = ResultOf<'listOutbox'>['messages'][number];

const isCursor = (values: unknown[]): values is [number] =>
  values.length === 1 && Number.isSafeInteger(values[0]);

/**
 * Each attachment's name, type and size, worked out in the database so the content (base64,
 * megabytes for a report's PDF) is never read: decoded bytes are three per four characters, less
 * the padding.
 */
const attachmentsOf = sql<Message['attachments']>`(
  select coalesce(jsonb_agg(jsonb_build_object(
    'name', a->>'filename',
    'content_type', a->>'content_type',
    'size', length(a->>'content') / 4 * 3
      - case when a->>'content' like '%==' then 2 when a->>'content' like '%=' then 1 else 0 end
  ) order by n), '[]'::jsonb)
  from jsonb_array_elements(${mailOutbox.attachments}) with ordinality as files(a, n))`;

/**
 * The mail outbox of the caller's provider, newest first. Read on the system connection (request work may only add to the
 * outbox), and only the columns below: text and html carry invitation and download links, which
 * are credentials, so no query here ever selects them.
 */
export const listOutbox: Handler<'listOutbox'> = async (request) => {
  const principal = principalOf(request);
  const { status, batch_size = 50, search_after } = request.query;
  const after = search_after ? decodeCursor(search_after, isCursor) : undefined;
  const rows = await request.server.db
    .select({
      id: mailOutbox.id,
      recipients: mailOutbox.recipients,
      subject: mailOutbox.subject,
      attachments: attachmentsOf,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.partnerId, principal.user.partnerId),
        status ? eq(mailOutbox.status, status) : undefined,
        after ? lt(mailOutbox.id, after[0]) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(batch_size + 1);
  const shown = rows.slice(0, batch_size);
  const last = shown.at(-1);
  return {
    messages: shown.map(
      (m): Message => ({
        id: m.id,
        recipients: m.recipients,
        subject: m.subject,
        attachments: m.attachments ?? [],
        status: m.status as Message['status'],
        attempts: m.attempts,
        last_error: m.lastError,
        created_at: m.createdAt.toISOString(),
        sent_at: m.sentAt?.toISOString() ?? null,
        next_attempt_at: m.nextAttemptAt.toISOString(),
      }),
    ),
    search_after: rows.length > batch_size && last ? encodeCursor([last.id]) : null,
  };
};
