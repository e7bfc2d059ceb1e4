import type { FastifyRequest } from 'fastify';
import { withScope } from '../db/tenancy.ts';
import type { Db } from '../db/types.ts';
import { principalOf } from '../plugins/auth.ts';

/**
 * Runs a read-heavy query (search aggregates, dashboard charts) as the caller, on the replica when
 * one is configured and current, else on the primary: the same role and scope either way, so
 * row-level security sees exactly what it sees on the primary. A read the replica could not answer
 * (it went away, or cancelled the query to replay WAL) is marked and answered by the primary.
 */
export async function asReader<T>(request: FastifyRequest, fn: (tx: Db) => Promise<T>): Promise<T> {
  const principal = principalOf(request);
  const { db, reads } = request.server;
  const reader = reads.reader();
  if (reader === db) return withScope(db, principal.scope, fn);
  try {
    return await withScope(reader, principal.scope, fn);
  } catch (error) {
    if (!replicaUnavailable(error)) throw error;
    reads.replicaFailed(error);
    request.log.warn({ err: error }, 'replica read failed; answered by the primary');
    return withScope(db, principal.scope, fn);
  }
}

/** Connection failures, a server shutting down, and queries cancelled by recovery conflicts. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '40001',
  '57P01',
  '57P02',
  '57P03',
]);

function replicaUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    )
      return true;
  }
  return false;
}
