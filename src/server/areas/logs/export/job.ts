import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { logExports, searchJobs } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { queueMail } from '../../../mail/outbox.ts';
import { hashSecret } from '../../../platform/secrets.ts';
import type { StoredSearch } from '../search.ts';
import { type ExportFormat, type ExportTally, exportChunks } from './write.ts';

/** How long a mailed link works. */
const LINK_DAYS = 7;

/**
 * The `log-export` job: writes the export under its user's scope (the customers of the search),
 * keeps it gzipped with its row count and SHA-256, and mails the link in the same transaction
 * (system connection), so a retried job never mails a link that does not work. False when the
 * export is not waiting (done already, or gone).
 */
export async function runLogExport(db: Db, exportId: string, serverUrl: string): Promise<ExportTally | null> {
  const [row] = await db.select().from(logExports).where(eq(logExports.id, exportId));
  if (row?.status !== 'queued') return null;
  const [job] = await db.select().from(searchJobs).where(eq(searchJobs.id, row.searchId));
  if (!job) {
    await db
      .update(logExports)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(eq(logExports.id, exportId));
    return null;
  }
  const search = job.request as unknown as StoredSearch;
  const scope = { partnerId: row.partnerId, userId: row.userId, customerIds: row.customerIds, global: false };
  const tally: ExportTally = { rows: 0, sha256: '' };
  const parts: string[] = [];
  for await (const chunk of exportChunks(
    db,
    scope,
    search,
    row.fields,
    row.format as ExportFormat,
    row.size,
    tally,
  ))
    parts.push(chunk);
  const content = gzipSync(Buffer.from(parts.join(''), 'utf8'));
  const key = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_DAYS * 86_400_000);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: logExports.status })
      .from(logExports)
      .where(eq(logExports.id, exportId))
      .for('update');
    if (locked?.status !== 'queued') return;
    await tx
      .update(logExports)
      .set({
        status: 'ready',
        rowCount: tally.rows,
        sha256: tally.sha256,
        content,
        downloadKeyHash: hashSecret(key),
        expiresAt,
        finishedAt: new Date(),
      })
      .where(eq(logExports.id, exportId));
    const link = `${serverUrl}/api/search/v1/export/${exportId}/download?key=${key}`;
    await queueMail(tx, {
      to: row.emails,
      subject: `Watchfloor search export: ${tally.rows} event${tally.rows === 1 ? '' : 's'}`,
      text: [
        `The search export you asked for is ready (${tally.rows} events, ${row.format.toUpperCase()}):`,
        '',
        link,
        '',
        `SHA-256: ${tally.sha256}`,
        `The link works until ${expiresAt.toISOString().slice(0, 10)}. Keep it private: anyone with it can download the file.`,
      ].join('\n'),
    });
  });
  return tally;
}
