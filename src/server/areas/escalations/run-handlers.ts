import { and, desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { alerts, escalations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { ackKeyBox, newSealedAckKey, openAckKey } from './ack-key.ts';
import { askPage, resultPage } from './ack-page.ts';
import { ACK_WORDS, type AckWords, ackLocale } from './ack-words.ts';
import { recordEscalationActivity } from './activity.ts';
import { presentEscalation } from './present.ts';
import { beginEscalation, ESCALATION_COLUMNS, queueEscalationStep } from './run.ts';
import { ackSignatureValid, parseAck } from './token.ts';

export const listAlertEscalations: Handler<'listAlertEscalations'> = async (request) => {
  const alertId = request.query.alert_id;
  const rows = await asCaller(request, async (tx) => {
    const [alert] = await tx.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, alertId));
    if (!alert) throw notFound(`Alert ${alertId}`);
    return tx
      .select(ESCALATION_COLUMNS)
      .from(escalations)
      .where(eq(escalations.alertId, alertId))
      .orderBy(desc(escalations.startedAt), desc(escalations.id));
  });
  return { escalations: rows.map(presentEscalation) };
};

export const startEscalation: Handler<'startEscalation'> = async (request, reply) => {
  const principal = principalOf(request);
  const box = await ackKeyBox(request.server.db, request.server.config.secretsKey);
  const row = await asCaller(request, (tx) =>
    beginEscalation(tx, {
      alertId: request.body.alert_id,
      planId: request.body.plan_id,
      principal,
      ackKey: newSealedAckKey(box),
      serverUrl: request.server.config.publicUrl,
    }),
  );
  // The job queue is the system's: the request's role may not write it.
  await queueEscalationStep(request.server.db, row.id, row.dueAt);
  reply.status(201);
  return presentEscalation(row);
};

type Row = typeof escalations.$inferSelect;

/**
 * The escalation and contact a signed token names, its signature checked with the escalation's
 * sealed key (system connection: the key is write-only for request work); 404 for anything the
 * server did not sign. `lock` for the change.
 */
async function signedFor(tx: Db, token: string, lock: boolean) {
  const claim = parseAck(token);
  const query = claim ? tx.select().from(escalations).where(eq(escalations.id, claim.escalationId)) : null;
  const [row]: Row[] = query ? (lock ? await query.for('update') : await query) : [];
  const contact = claim && row?.steps[claim.step]?.contacts[claim.contact];
  if (!claim || !row || !contact) throw notFound('Escalation');
  const box = await ackKeyBox(tx);
  if (!ackSignatureValid(openAckKey(box, row.id, row.ackKey), claim)) throw notFound('Escalation');
  return { claim, row, contact };
}

const sendPage = (reply: FastifyReply, html: string) => {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  return html as never;
};

/**
 * The link in a message: no session, the signed token is the credential. It only asks: a mail
 * scanner or a link preview that opens it acknowledges nothing. A link of an ended escalation
 * says what ended it.
 */
export const showEscalationAcknowledgement: Handler<'showEscalationAcknowledgement'> = async (
  request,
  reply,
) => {
  const { row, contact } = await signedFor(request.server.db, request.query.token, false);
  const locale = ackLocale(request.headers['accept-language']);
  const words = ACK_WORDS[locale];
  if (row.state !== 'running')
    return sendPage(
      reply,
      resultPage(locale, words.endedTitle, endedMessage(words, row.state, row.acknowledgedBy)),
    );
  return sendPage(
    reply,
    askPage(locale, {
      token: request.query.token,
      contact: contact.name,
      alertId: row.alertId,
      planName: row.planName,
    }),
  );
};

/**
 * The page's button: a running escalation ends as acknowledged by the token's contact, and the
 * alert's activity records it. Acknowledging twice, or after the escalation ended, answers what
 * ended it and changes nothing.
 */
export const acknowledgeEscalation: Handler<'acknowledgeEscalation'> = async (request, reply) => {
  const locale = ackLocale(request.headers['accept-language']);
  const words = ACK_WORDS[locale];
  const message = await request.server.db.transaction(async (tx) => {
    const { claim, row, contact } = await signedFor(tx, request.body.token, true);
    if (row.state !== 'running') return endedMessage(words, row.state, row.acknowledgedBy);
    const by = `${contact.name} (${contact.method === 'email' ? contact.email : contact.phone})`;
    await tx
      .update(escalations)
      .set({ state: 'acknowledged', acknowledgedBy: by, endedAt: new Date() })
      .where(and(eq(escalations.id, row.id), eq(escalations.state, 'running')));
    await recordEscalationActivity(tx, row, {
      event: 'acknowledged',
      step: claim.step,
      contact: contact.name,
      by,
    });
    return words.thanks(contact.name, row.alertId);
  });
  return sendPage(reply, resultPage(locale, words.resultTitle, message));
};

function endedMessage(words: AckWords, state: string, by: string | null): string {
  if (state === 'acknowledged') return words.alreadyAcknowledged(by ?? words.someoneElse);
  if (state === 'stopped') return words.alreadyStopped;
  return words.alreadyEnded;
}
