import type { FastifyRequest } from 'fastify';
import type { ReadRouter } from '../db/replica.ts';
import { type Scope, withScope } from '../db/tenancy.ts';
import type { Db } from '../db/types.ts';
import { principalOf } from '../plugins/auth.ts';

/**
 * Runs a read-heavy query (search aggregates, dashboard charts, report figures, exports) as the
 * caller, on the replica when one is configured and current, else on the primary: the same role and
 * scope either way, so row-level security sees exactly what it sees on the primary. A read the
 * replica could not answer (it went away, or cancelled the query to replay WAL) is marked and
 * answered by the primary.
 */
export async function asReader<T>(request: FastifyRequest, fn: (tx: Db) => Promise<T>): Promise<T> {
  const { db, reads } = request.server;
  return readScoped(reads, db, principalOf(request).scope, fn, (error) =>
    request.log.warn({ err: error }, 'replica read failed; answered by the primary'),
  );
}

/** A read under a scope, routed as `asReader` routes it: for work outside a request (jobs). */
export type ScopedRead = <T>(scope: Scope, fn: (tx: Db) => Promise<T>) => Promise<T>;

/** Reads through `reads` (the replica while current) as `scope`, else on `primary`. */
export async function readScoped<T>(
  reads: ReadRouter,
  primary: Db,
  scope: Scope,
  fn: (tx: Db) => Promise<T>,
  warn: (error: unknown) => void = () => undefined,
): Promise<T> {
  const reader = reads.reader();
  if (reader === primary) return withScope(primary, scope, fn);
  try {
    return await withScope(reader, scope, fn);
  } catch (error) {
    if (!replicaUnavailable(error)) throw error;
    reads.replicaFailed(error);
    warn(error);
    return withScope(primary, scope, fn);
  }
}

/** `readScoped` bound to one router and primary. */
export function scopedReader(reads: ReadRouter, primary: Db, warn?: (error: unknown) => void): ScopedRead {
  return (scope, fn) => readScoped(reads, primary, scope, fn, warn);
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
