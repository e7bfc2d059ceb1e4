import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../platform/json-body.ts';
import { asIngest, type IngestCaller, ingestCallerOf } from './ingest-auth.ts';
import { daysOf, type EventRow, normaliseEvent } from './normalise.ts';
import { ensurePartitions, forgetPartitions } from './partitions.ts';

/**
 * NDJSON: one JSON object a line, blank lines skipped; a bad line, or one nested deeper than any
 * event needs, is a 400 naming it.
 */
export function parseNdjson(body: string): unknown[] {
  const events: unknown[] = [];
  const lines = body.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const field = `body line ${index + 1}`;
    if (nestsDeeperThan(line, MAX_JSON_DEPTH))
      throw badRequest(field, `is nested deeper than ${MAX_JSON_DEPTH} levels`);
    try {
      events.push(JSON.parse(line));
    } catch {
      throw badRequest(field, 'is not JSON');
    }
  }
  return events;
}

/** The batch as stored: a JSON array, `{ events }`, or NDJSON (already an array). */
function eventsOf(body: unknown): Record<string, unknown>[] {
  const list = Array.isArray(body) ? body : (body as { events: unknown[] }).events;
  for (const [index, event] of list.entries()) {
    if (!event || typeof event !== 'object' || Array.isArray(event))
      throw badRequest(`events[${index}]`, 'must be an object');
  }
  return list as Record<string, unknown>[];
}

/** The answer is sent only once the whole batch is committed: a 200 means stored. */
export const ingestEvents: Handler<'ingestEvents'> = async (request) => {
  const caller = ingestCallerOf(request);
  const received = new Date();
  const rows = eventsOf(request.body).map((event, index) =>
    normaliseEvent(event, caller.source, received, { refuseAt: `events[${index}]` }),
  );
  await storeEvents(request.server.db, caller, rows);
  return { stored: rows.length };
};

/**
 * Stores a batch in one statement and one transaction: every event or none. The rows travel as
 * one JSON parameter that PostgreSQL unpacks (no values in the SQL text, one round trip).
 */
export async function storeEvents(db: Db, caller: IngestCaller, rows: readonly EventRow[]): Promise<void> {
  const insert = () =>
    asIngest(db, caller, async (tx) => {
      await tx.execute(sql`insert into log_events
        (customer_id, time, source, host, src_ip, dst_ip, user_name, event_id, severity, message, raw, raw_bytes)
        select ${caller.customerId}::uuid, r.time, r.source, r.host, r.src_ip, r.dst_ip, r.user_name,
          r.event_id, r.severity, r.message, r.raw, r.raw_bytes
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(time timestamptz, source text,
          host text, src_ip inet, dst_ip inet, user_name text, event_id integer, severity text,
          message text, raw jsonb, raw_bytes integer)`);
      if (caller.tokenId)
        await tx.execute(sql`update ingest_tokens set last_used_at = now()
        where token_id = ${caller.tokenId} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
    });
  await ensurePartitions(db, daysOf(rows));
  try {
    await insert();
  } catch (error) {
    // A partition this process thought existed was dropped by another (retention): make it again.
    if (!isMissingPartition(error)) throw error;
    forgetPartitions(db);
    await ensurePartitions(db, daysOf(rows));
    await insert();
  }
}

function isMissingPartition(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23514' && /partition/i.test(String((cause as Error).message));
}
