import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { jobs, mailOutbox } from '../db/schema/index.ts';
import { resultRows } from '../db/tenancy.ts';
import type { Db } from '../db/types.ts';
import { enqueueSingleton } from '../jobs/queue.ts';
import type { MailAttachment, MailTransport } from './transport.ts';

/** The job that sends one outbox row (payload `mail_id`; its singleton key is the row id). */
export const DELIVER_MAIL_JOB = 'deliver-mail';

export interface NewMail {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (a report's PDF); kept on the row until sent, like the text. */
  attachments?: readonly MailAttachment[];
  /**
   * The provider the mail is for. Without it the database fills it in: the caller's provider
   * under request scope, the deployment's provider on the system connection.
   */
  partnerId?: string;
}

/**
 * Puts mail in the outbox and queues its deliver-mail job. Call it inside the transaction of the
 * change that promises the mail: the change, the mail and its job are kept together or not at
 * all. Request work may call it too: the app role may add to the outbox and add deliver-mail jobs
 * but read neither back (db/tenancy.ts), so the row's id is drawn first rather than returned.
 */
export async function queueMail(db: Db, mail: NewMail): Promise<void> {
  const recipients = mail.to.map((address) => address.trim()).filter(Boolean);
  if (recipients.length === 0) throw new Error('queueMail: no recipient');
  const [drawn] = resultRows<{ id: string | number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence('mail_outbox', 'id')) as id`),
  );
  const id = Number(drawn!.id);
  // This process's clock, the one claims compare with (see enqueueJob).
  const now = new Date();
  await db.insert(mailOutbox).values({
    id,
    ...(mail.partnerId && { partnerId: mail.partnerId }),
    recipients,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: (mail.attachments ?? []).map((file) => ({
      filename: file.filename,
      content_type: file.contentType,
      content: file.content.toString('base64'),
    })),
    nextAttemptAt: now,
  });
  await db.insert(jobs).values({
    kind: DELIVER_MAIL_JOB,
    payload: { mail_id: id },
    singletonKey: String(id),
    runAt: now,
    ...(mail.partnerId && { partnerId: mail.partnerId }),
  });
}

const LONGEST_ERROR = 2000;

/** Attempts before a message is given up (failed). */
export const MAIL_ATTEMPTS = 8;

/** 1 min, 2, 4, … up to 6 h: an SMTP server that is down for an hour loses nothing. */
export const mailBackoff = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 6 * 3_600_000);

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, LONGEST_ERROR);

/**
 * One attempt at sending one outbox row (the deliver-mail job; the runner holds the job, so no
 * other worker sends the row meanwhile). Sent outside any transaction: on the embedded database a
 * transaction held across a slow SMTP server would stall every request. The row counts the
 * attempt before sending, so a worker that dies mid-send still uses one up. A failure is recorded
 * on the row (its error, and when the runner will try again) and thrown, for the runner's retry.
 * Answers false when the row is sent already, or deleted: nothing to do.
 */
export async function deliverMail(
  db: Db,
  transport: MailTransport,
  mailId: number,
  retryAt: (error: unknown) => Date | null,
): Promise<boolean> {
  // A failed row is sent again only by its job retried by an administrator (the Jobs screen):
  // giving up marks the row before the job is dead, and nothing else revives a dead job.
  const [mail] = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: sql`${mailOutbox.attempts} + 1`, lockedAt: new Date() })
    .where(and(eq(mailOutbox.id, mailId), inArray(mailOutbox.status, ['queued', 'failed'])))
    .returning();
  if (!mail) return false;
  try {
    const { messageId } = await transport.send({
      reference: String(mail.id),
      to: mail.recipients,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((file) => ({
        filename: file.filename,
        contentType: file.content_type,
        content: Buffer.from(file.content, 'base64'),
      })),
    });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), messageId, lockedAt: null, lastError: null })
      .where(eq(mailOutbox.id, mail.id));
    return true;
  } catch (error) {
    const next = retryAt(error);
    await db
      .update(mailOutbox)
      .set({ lockedAt: null, lastError: reasonOf(error), ...(next && { nextAttemptAt: next }) })
      .where(eq(mailOutbox.id, mail.id));
    throw error;
  }
}

/** Records that a row's job gave up: the Outbox screen shows it failed, with the last error. */
export async function markMailFailed(db: Db, mailId: number, error: unknown): Promise<void> {
  const [row] = await db
    .select({ lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, mailId));
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lockedAt: null, lastError: row?.lastError ?? reasonOf(error) })
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'queued')));
}

/**
 * The safety net, not the way mail goes out: queues a deliver-mail job again for waiting rows that
 * have none pending (a job deleted by hand, a give-up that could not be recorded, rows queued by a
 * version that had no job per mail). Every row gets its job when it is queued, so this normally
 * finds nothing. Answers how many rows it queued again.
 */
export async function requeueLostMail(db: Db, now = new Date(), batch = 500): Promise<number> {
  const lost = await db
    .select({ id: mailOutbox.id, partnerId: mailOutbox.partnerId })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'queued'),
        sql`not exists (select 1 from ${jobs} where ${jobs.kind} = ${DELIVER_MAIL_JOB}
              and ${jobs.singletonKey} = ${mailOutbox.id}::text and ${jobs.doneAt} is null)`,
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(batch);
  let queued = 0;
  for (const { id, partnerId } of lost) {
    const { added } = await enqueueSingleton(
      db,
      DELIVER_MAIL_JOB,
      { mail_id: id },
      String(id),
      now,
      partnerId ?? undefined,
    );
    if (added) queued++;
  }
  return queued;
}
