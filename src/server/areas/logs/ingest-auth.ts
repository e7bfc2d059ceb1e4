import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ingestTokens } from '../../db/schema/index.ts';
import { type Scope, withScope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { ApiError, unauthorized } from '../../errors.ts';
import { parseCompound, secretMatches } from '../../platform/secrets.ts';

/** The customer and source a batch is stored for, known from its ingest token. */
export interface IngestCaller {
  /** The ingest token that sent the batch; null for syslog senders known by their address. */
  tokenId: string | null;
  customerId: string;
  source: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ingest: IngestCaller | null;
  }
}

/** Seconds a refused shipper waits before sending the batch again. */
const RETRY_AFTER_SECONDS = 1;
/** Batches this process is receiving or storing now, for back-pressure. */
let inFlight = 0;

/** How many of this process's ingest slots are taken now. */
export const ingestSlotsTaken = () => inFlight;

/**
 * Checks `Authorization: Bearer <token_id>.<secret>` with one primary-key read, before the body is
 * read. Missing, malformed, unknown, wrong and revoked tokens are all 401. Then takes one of the
 * process's ingest slots until the answer is sent; with none free the batch is refused (429,
 * Retry-After) before its body is read, so a flood costs neither memory nor database work.
 */
export async function authenticateIngest(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized('Send the ingest token: Authorization: Bearer <token>.');
  const caller = await callerOfToken(db, match[1]!);
  if (inFlight >= request.server.config.ingest.maxInFlight) {
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    throw new ApiError(
      429,
      'too_many_requests',
      'Ingest is busy: send the batch again after Retry-After seconds.',
    );
  }
  inFlight++;
  reply.raw.once('close', () => inFlight--);
  request.ingest = caller;
}

/**
 * The customer and source of an ingest token `<token_id>.<secret>` (one primary-key read and a
 * hash compare); malformed, unknown, wrong and revoked tokens are all 401. Syslog uses it too.
 */
export async function callerOfToken(db: Db, token: string): Promise<IngestCaller> {
  const parts = parseCompound(token);
  if (!parts) throw unauthorized('Send the ingest token: Authorization: Bearer <token>.');
  const [row] = await db
    .select({
      tokenId: ingestTokens.tokenId,
      customerId: ingestTokens.customerId,
      source: ingestTokens.source,
      hash: ingestTokens.secretHash,
      revokedAt: ingestTokens.revokedAt,
    })
    .from(ingestTokens)
    .where(eq(ingestTokens.tokenId, parts.id))
    .limit(1);
  if (!row || !secretMatches(parts.secret, row.hash)) throw unauthorized('Unknown ingest token.');
  if (row.revokedAt) throw unauthorized('This ingest token was revoked.');
  return { tokenId: row.tokenId, customerId: row.customerId, source: row.source };
}

export function ingestCallerOf(request: FastifyRequest): IngestCaller {
  if (!request.ingest) throw unauthorized();
  return request.ingest;
}

/** Runs fn with row-level security limited to the token's customer. */
export function asIngest<T>(db: Db, caller: IngestCaller, fn: (tx: Db) => Promise<T>): Promise<T> {
  const scope: Scope = { partnerId: '', userId: '', customerIds: [caller.customerId], global: false };
  return withScope(db, scope, fn);
}
