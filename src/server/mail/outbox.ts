import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import type { MailTransport } from './transport.ts';

export interface NewMail {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string;
  /**
   * The provider the mail is for. Without it the database fills it in: the caller's provider
   * under request scope, the deployment's provider on the system connection.
   */
  partnerId?: string;
}

/**
 * Puts mail in the outbox. Call it inside the transaction of the change that promises the mail:
 * both are kept or neither. Request work may call it too (the app role may add to the outbox but
 * not read it). Nothing is sent here; the deliver-mail job sends it within a minute.
 */
export async function queueMail(db: Db, mail: NewMail): Promise<void> {
  const recipients = mail.to.map((address) => address.trim()).filter(Boolean);
  if (recipients.length === 0) throw new Error('queueMail: no recipient');
  await db.insert(mailOutbox).values({
    ...(mail.partnerId && { partnerId: mail.partnerId }),
    recipients,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    // This process's clock, the one deliveries compare with (see enqueueJob).
    nextAttemptAt: new Date(),
  });
}

export interface DeliveryOptions {
  now?: Date;
  /** Messages claimed per pass. */
  batch?: number;
  /** Attempts before a message is given up (failed). */
  maxAttempts?: number;
  /** Wait before retry number `attempt` (1-based). */
  backoffMs?: (attempt: number) => number;
  /** A message being sent longer than this is taken to have lost its worker. */
  leaseMs?: number;
}

export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

const LONGEST_ERROR = 2000;

/** 1 min, 2, 4, … up to 6 h: an SMTP server that is down for an hour loses nothing. */
export const mailBackoff = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 3_600_000);

/**
 * Sends what is due. Messages are claimed in one short statement (FOR UPDATE SKIP LOCKED, so
 * several workers share the outbox) and sent outside any transaction: on the embedded database a
 * transaction held across a slow SMTP server would stall every request.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const now = options.now ?? new Date();
  const maxAttempts = options.maxAttempts ?? 8;
  const backoff = options.backoffMs ?? mailBackoff;
  const leaseStart = new Date(now.getTime() - (options.leaseMs ?? 10 * 60_000));
  const claimable = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'queued'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedAt), lte(mailOutbox.lockedAt, leaseStart)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(options.batch ?? 20)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ lockedAt: now, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, claimable))
    .returning();

  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  for (const mail of claimed.sort((a, b) => a.id - b.id)) {
    try {
      const { messageId } = await transport.send({
        reference: String(mail.id),
        to: mail.recipients,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), messageId, lockedAt: null, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
      result.sent += 1;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, LONGEST_ERROR);
      const givenUp = mail.attempts >= maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          status: givenUp ? 'failed' : 'queued',
          lockedAt: null,
          lastError: reason,
          nextAttemptAt: new Date(now.getTime() + backoff(mail.attempts)),
        })
        .where(eq(mailOutbox.id, mail.id));
      result[givenUp ? 'failed' : 'retrying'] += 1;
    }
  }
  return result;
}
