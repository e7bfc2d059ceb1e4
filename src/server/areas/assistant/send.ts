import { Readable } from 'node:stream';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { assistantConversations, assistantMessages, customers } from '../../db/schema/index.ts';
import { withScope } from '../../db/tenancy.ts';
import { ApiError, conflict } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { citationsOf } from './citations.ts';
import { ownConversation } from './handlers.ts';
import { knownNamesOf, namesFingerprint, registerKnownNames } from './known-names.ts';
import { endedAt, presentMessage } from './present.ts';
import { Pseudonyms } from './pseudonyms.ts';
import { assistantStatus, UNAVAILABLE } from './settings.ts';
import { answerTurn, type TurnEvent, type TurnResult } from './turn.ts';

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

  const aborted = new AbortController();
  // The response closing before it finished is the person gone (the request's own close comes
  // once its body is read): the model stops too.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) aborted.abort();
  });
  const result: TurnResult = { modelContent: '', sent: [] };
  let turn: AsyncGenerator<TurnEvent> | undefined;
  let firstStep: Promise<IteratorResult<TurnEvent>> | undefined;
  let leaving: () => void = () => undefined;
  const left = new Promise<void>((resolve) => {
    leaving = resolve;
  });
  const fingerprint = await namesFingerprint(db, principal.scope);
  let keepNames: () => Promise<void> = async () => undefined;
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
    const known = await knownNamesOf(db, tx, principal.scope, fingerprint);
    keepNames = known.keep;
    registerKnownNames(pseudonyms, known.names);
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
    const modelQuestion = pseudonyms.mask(question);
    // The model is asked while the question is written: its first token takes far longer than the
    // writes, and nothing of the answer reaches the person until the question is stored (below).
    turn = answerTurn(
      {
        db,
        config,
        principal,
        scope,
        pseudonyms,
        history: history as { role: 'user' | 'assistant'; modelContent: string }[],
        question: modelQuestion,
        context: pseudonyms.mask(context),
        signal: aborted.signal,
        onRequest: () => leaving(),
      },
      result,
    );
    firstStep = turn.next();
    // Its failure is told by the stream; when the question is not stored it is aborted unread.
    const settled = firstStep.then(
      () => undefined,
      () => undefined,
    );
    // An in-process database holds the event loop while it writes: let the request leave first.
    await Promise.race([left, settled]);
    await new Promise((resolve) => setImmediate(resolve));
    const [saved] = await tx
      .insert(assistantMessages)
      .values({
        conversationId: conversation.id,
        userId: principal.user.contactId,
        role: 'user',
        content: question,
        modelContent: modelQuestion,
        context: request.body.context,
      })
      .returning();
    await tx
      .update(assistantConversations)
      .set({ lastActiveAt: sql`now()`, ...(conversation.title ? {} : { title: question.slice(0, 80) }) })
      .where(eq(assistantConversations.id, conversation.id));
    return { pseudonyms, saved: saved! };
  }).catch((error: unknown) => {
    aborted.abort();
    throw error;
  });
  await keepNames();

  const toEvent = (step: TurnEvent) =>
    event(step.type, step.type === 'delta' ? { text: step.text } : { name: step.name, rows: step.rows });
  async function* stream() {
    yield event('start', { question_id: start.saved.id });
    try {
      const first = await firstStep!;
      if (!first.done) {
        yield toEvent(first.value);
        for await (const step of { [Symbol.asyncIterator]: () => turn! }) yield toEvent(step);
      }
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
