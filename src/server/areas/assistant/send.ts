import { Readable } from 'node:stream';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { assistantConversations, assistantMessages, customers } from '../../db/schema/index.ts';
import { withScope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { ApiError, conflict } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { citationsOf } from './citations.ts';
import { ownConversation } from './handlers.ts';
import { endedAt, presentMessage } from './present.ts';
import { Pseudonyms } from './pseudonyms.ts';
import { assistantStatus, UNAVAILABLE } from './settings.ts';
import { answerTurn, type TurnResult } from './turn.ts';

/** Names the question may contain: the customers, hosts and people the caller can see. */
const KNOWN_NAMES_CAP = 5000;

async function registerKnownNames(tx: Db, pseudonyms: Pseudonyms) {
  const seen = await tx.execute(sql`
    (select 'CUSTOMER' as kind, name as value from customers)
    union all (select 'HOST', host_name from agents limit ${KNOWN_NAMES_CAP})
    union all (select 'USER', trim(first_name || ' ' || last_name) from users limit ${KNOWN_NAMES_CAP})
    union all (select 'EMAIL', email from users limit ${KNOWN_NAMES_CAP})`);
  const rows = ((seen as { rows?: { kind: string; value: string }[] }).rows ?? seen) as {
    kind: string;
    value: string;
  }[];
  for (const { kind, value } of rows)
    if (kind === 'EMAIL') pseudonyms.placeholderOf('EMAIL', value);
    else pseudonyms.register(kind as 'CUSTOMER' | 'HOST' | 'USER', value);
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Asks the model and streams its answer as server-sent events. The question is stored first and
 * the answer when it is complete, with exactly what was sent for it; a failure ends the stream
 * with an `error` event and stores no answer.
 */
export const sendAssistantMessage: Handler<'sendAssistantMessage'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const { config, db } = request.server;
  const question = request.body.content.trim();
  if (!question)
    throw new ApiError(400, 'bad_request', 'Please type a question.', [
      { field: 'content', reason: 'Please type a question.' },
    ]);
  const status = await assistantStatus(config.assistant, principal);
  if (status.reason) throw conflict(UNAVAILABLE[status.reason]);
  const asked = request.body.context.customer_ids;
  const narrowed = requestedCustomers(principal.scope.customerIds, asked);
  const scope = { ...principal.scope, customerIds: narrowed };

  const start = await asCaller(request, async (tx) => {
    const conversation = await ownConversation(tx, request.params.id, true);
    if (endedAt(conversation, config.assistant.idleSeconds))
      throw conflict('This conversation has ended. Start a new one to ask again.');
    const history = await tx
      .select({ role: assistantMessages.role, modelContent: assistantMessages.modelContent })
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, conversation.id))
      .orderBy(asc(assistantMessages.createdAt), asc(assistantMessages.role));
    const pseudonyms = new Pseudonyms(conversation.placeholders);
    await registerKnownNames(tx, pseudonyms);
    const selected = asked?.length
      ? await tx
          .select({ name: customers.name })
          .from(customers)
          .where(inArray(customers.customerId, narrowed))
      : [];
    const context = [
      `Context: the analyst is on ${request.body.context.route}.`,
      selected.length ? `Selected customers: ${selected.map((c) => c.name).join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const [saved] = await tx
      .insert(assistantMessages)
      .values({
        conversationId: conversation.id,
        userId: principal.user.contactId,
        role: 'user',
        content: question,
        modelContent: pseudonyms.mask(question),
        context: request.body.context,
      })
      .returning();
    await tx
      .update(assistantConversations)
      .set({ lastActiveAt: sql`now()`, ...(conversation.title ? {} : { title: question.slice(0, 80) }) })
      .where(eq(assistantConversations.id, conversation.id));
    return {
      history: history as { role: 'user' | 'assistant'; modelContent: string }[],
      pseudonyms,
      saved: saved!,
      context: pseudonyms.mask(context),
    };
  });

  const aborted = new AbortController();
  request.raw.once('close', () => aborted.abort());
  async function* stream() {
    const result: TurnResult = { modelContent: '', sent: [] };
    yield event('start', { question_id: start.saved.id });
    try {
      for await (const step of answerTurn(
        {
          db,
          config,
          principal,
          scope,
          pseudonyms: start.pseudonyms,
          history: start.history,
          question: start.saved.modelContent,
          context: start.context,
          signal: aborted.signal,
        },
        result,
      ))
        yield event(
          step.type,
          step.type === 'delta' ? { text: step.text } : { name: step.name, rows: step.rows },
        );
      const content = start.pseudonyms.unmask(result.modelContent);
      const citations = await withScope(db, scope, (tx) => citationsOf(tx, content));
      const [answer] = await withScope(db, principal.scope, async (tx) => {
        await tx
          .update(assistantConversations)
          .set({ placeholders: start.pseudonyms.toJSON(), lastActiveAt: sql`now()` })
          .where(eq(assistantConversations.id, request.params.id));
        return tx
          .insert(assistantMessages)
          .values({
            conversationId: request.params.id,
            userId: principal.user.contactId,
            role: 'assistant',
            content,
            modelContent: result.modelContent,
            citations,
            sent: result.sent,
          })
          .returning();
      });
      yield event('done', presentMessage(answer!));
    } catch (error) {
      request.log.warn({ err: error }, 'assistant answer failed');
      yield event('error', {
        code: 'model_unavailable',
        message: 'The assistant could not answer. Please try again later.',
      });
    }
  }
  reply
    .type('text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no');
  return Readable.from(stream()) as never;
};
