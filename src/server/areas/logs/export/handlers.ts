import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { EXPORT_STREAM_LIMIT } from '../../../../api/limits.ts';
import type { components } from '../../../../api/schema.d.ts';
import { isEmail } from '../../../../common/patterns.ts';
import { audit } from '../../../audit.ts';
import { stillVisible } from '../../../auth/reach-now.ts';
import { logExports, searchJobs } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../errors.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import type { Handler } from '../../../platform/handler.ts';
import { scopedReader } from '../../../platform/reader.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import type { StoredSearch } from '../search.ts';
import { checkFields, type ExportFormat, type ExportTally, exportChunks } from './write.ts';

export const EXPORT_JOB = 'log-export';
export const NEEDS_EMAIL = 'Please include a valid email to send the generated search to.';

type ExportRow = typeof logExports.$inferSelect;

export function presentExport(
  row: Omit<ExportRow, 'content' | 'downloadKeyHash' | 'apiKeyId' | 'failure'>,
): components['schemas']['LogExport'] {
  return {
    id: row.id,
    search_id: row.searchId,
    mode: row.format as ExportFormat,
    size: row.size,
    fields: row.fields,
    emails: row.emails,
    status: row.status as components['schemas']['LogExport']['status'],
    row_count: row.rowCount,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};
const contentType = (format: ExportFormat) => CONTENT_TYPES[format];
const fileName = (id: string, format: ExportFormat) => `search-export-${id}.${format}`;

/** Every column request work may read: the file and its key are the download route's alone. */
const VISIBLE = {
  id: logExports.id,
  userId: logExports.userId,
  partnerId: logExports.partnerId,
  searchId: logExports.searchId,
  customerIds: logExports.customerIds,
  format: logExports.format,
  fields: logExports.fields,
  size: logExports.size,
  emails: logExports.emails,
  status: logExports.status,
  rowCount: logExports.rowCount,
  sha256: logExports.sha256,
  expiresAt: logExports.expiresAt,
  createdAt: logExports.createdAt,
  finishedAt: logExports.finishedAt,
};

/**
 * POST /export/{id}: the caller's own search (another's is not found), its fields checked before
 * anything is written, over the customers of the search the caller sees now (a key limited to one
 * customer exports that one's events of its creator's wider search). Streamed exports are recorded
 * when they start and get their row count and checksum when the last row is sent; the others are
 * queued for the job, which narrows again to the asker's reach when it runs.
 */
export const exportSearch: Handler<'exportSearch'> = async (request, reply) => {
  const principal = principalOf(request);
  const { mode, size, fields } = request.body;
  const emails = (request.body.emails ?? []).map((email) => email.trim()).filter(Boolean);
  checkFields(fields);
  for (const [index, email] of emails.entries())
    if (!isEmail(email)) throw badRequest(`emails[${index}]`, NEEDS_EMAIL);
  const streamed = size <= EXPORT_STREAM_LIMIT && emails.length === 0;
  if (!streamed && emails.length === 0) throw badRequest('emails', NEEDS_EMAIL);

  const row = await asCaller(request, async (tx) => {
    const [job] = await tx.select().from(searchJobs).where(eq(searchJobs.id, request.params.id));
    if (!job) throw notFound(`Search ${request.params.id}`);
    const asked = job.request as unknown as StoredSearch;
    const search = { ...asked, customer_ids: stillVisible(principal, asked.customer_ids) };
    const [created] = await tx
      .insert(logExports)
      .values({
        userId: principal.user.contactId,
        apiKeyId: principal.apiKey?.keyId ?? null,
        partnerId: principal.user.partnerId,
        searchId: job.id,
        customerIds: search.customer_ids,
        format: mode,
        fields,
        size,
        emails,
        status: streamed ? 'streaming' : 'queued',
      })
      .returning(VISIBLE);
    await audit(tx, principal, {
      // One customer's export is theirs to see in the audit log; a wider one is the organisation's.
      customerId: search.customer_ids.length === 1 ? search.customer_ids[0]! : null,
      action: 'export',
      entity: 'log_search',
      entityId: job.id,
      after: { export_id: created!.id, mode, size, fields, emails, streamed },
    });
    return { created: created!, search };
  });

  if (!streamed) {
    // The job queue is the system's: the request's role may not write it.
    await enqueueJob(request.server.db, EXPORT_JOB, {
      export_id: row.created.id,
      server_url: request.server.config.publicUrl,
    });
    reply.status(202);
    return presentExport(row.created) as never;
  }

  const tally: ExportTally = { rows: 0, sha256: '' };
  const read = scopedReader(request.server.reads, request.server.db, (error) =>
    request.log.warn({ err: error }, 'replica read failed; answered by the primary'),
  );
  const chunks = exportChunks(read, principal.scope, row.search, fields, mode, size, tally);
  async function* recorded() {
    yield* chunks;
    await asCaller(request, (tx) =>
      tx
        .update(logExports)
        .set({ status: 'streamed', rowCount: tally.rows, sha256: tally.sha256, finishedAt: new Date() })
        .where(eq(logExports.id, row.created.id)),
    );
  }
  reply
    .type(contentType(mode))
    .header('content-disposition', `attachment; filename="${fileName(row.created.id, mode)}"`)
    .header('x-export-id', row.created.id);
  // The contract's text answer, as a stream.
  return Readable.from(recorded()) as never;
};

/** The mailed link's key is the credential; an unknown, wrong or expired one is simply not found. */
export const downloadSearchExport: Handler<'downloadSearchExport'> = async (request, reply) => {
  const [row] = await request.server.db
    .select()
    .from(logExports)
    .where(and(eq(logExports.id, request.params.id), eq(logExports.status, 'ready')));
  const given = createHash('sha256').update(request.query.key).digest();
  const valid =
    row?.content &&
    row.downloadKeyHash &&
    row.expiresAt &&
    row.expiresAt.getTime() > Date.now() &&
    timingSafeEqual(given, Buffer.from(row.downloadKeyHash, 'hex'));
  if (!valid || !row?.content) throw notFound(`Export ${request.params.id}`);
  const format = row.format as ExportFormat;
  reply
    .type(contentType(format))
    .header('content-disposition', `attachment; filename="${fileName(row.id, format)}"`);
  return gunzipSync(row.content).toString('utf8') as never;
};
