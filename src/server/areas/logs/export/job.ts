import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { reachOver } from '../../../auth/reach-now.ts';
import { primaryOnly, type ReadRouter } from '../../../db/replica.ts';
import { logExports, searchJobs } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { queueMail } from '../../../mail/outbox.ts';
import { scopedReader } from '../../../platform/reader.ts';
import { hashSecret } from '../../../platform/secrets.ts';
import type { StoredSearch } from '../search.ts';
import { type ExportFormat, type ExportTally, exportChunks } from './write.ts';

/** How long a mailed link works. */
const LINK_DAYS = 7;

/** Why an export failed, as `log_exports.failure` keeps it. */
export type ExportFailure = 'search_gone' | 'no_access';

/**
 * The `log-export` job: writes the export under its asker's reach as it is now (the user, or the
 * API key that asked), over the customers asked for that it still sees; keeps it gzipped with its
 * row count and SHA-256, and mails the link in the same transaction (system connection), so a
 * retried job never mails a link that does not work. An asker who sees none of them any more (or
 * a revoked key, a deleted user) fails the export and nothing is mailed. Null when the export is
 * not waiting (done already, or gone) or failed; `onFailure` hears why.
 */
export async function runLogExport(
  db: Db,
  exportId: string,
  serverUrl: string,
  onFailure: (failure: ExportFailure, detail: string) => void = () => {},
  reads: ReadRouter = primaryOnly(db),
): Promise<ExportTally | null> {
  const [row] = await db.select().from(logExports).where(eq(logExports.id, exportId));
  if (row?.status !== 'queued') return null;
  const fail = async (failure: ExportFailure, detail: string) => {
    await db
      .update(logExports)
      .set({ status: 'failed', failure, finishedAt: new Date() })
      .where(eq(logExports.id, exportId));
    onFailure(failure, detail);
    return null;
  };
  const [job] = await db.select().from(searchJobs).where(eq(searchJobs.id, row.searchId));
  if (!job) return fail('search_gone', 'its search was deleted');
  const reach = await reachOver(
    db,
    { userId: row.userId, apiKeyId: row.apiKeyId, partnerId: row.partnerId },
    row.customerIds,
  );
  if ('refused' in reach) return fail('no_access', reach.refused);
  const search = { ...(job.request as unknown as StoredSearch), customer_ids: reach.customerIds };
  const scope = {
    partnerId: row.partnerId,
    userId: row.userId,
    customerIds: reach.customerIds,
    global: false,
  };
  const tally: ExportTally = { rows: 0, sha256: '' };
  const parts: string[] = [];
  // The events where read-heavy work reads (the replica while current); the export's rows on `db`.
  for await (const chunk of exportChunks(
    scopedReader(reads, db),
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
