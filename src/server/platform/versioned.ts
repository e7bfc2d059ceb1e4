import { type AnyColumn, sql } from 'drizzle-orm';
import { type AuditEntry, audit } from '../audit.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/types.ts';
import { conflict } from '../errors.ts';

/**
 * One change of a versioned row (alerts, cases, mutes, …), the way every area makes it so that
 * concurrent edits never silently overwrite each other (DESIGN 4):
 * lock the row → check the version the client read (409 when stale) → apply → audit.
 */
export interface VersionedChange<Row extends { version: number }, Changed> {
  /** Loads the row the caller may change, with a row lock (answering 404 itself). */
  lock(): Promise<Row>;
  /** The version the client read; undefined when the operation does not require one. */
  expectedVersion: number | undefined;
  /** The 409's message when the row moved on since the client read it. */
  staleMessage(current: Row): string;
  /** Makes the change on the locked row; null when nothing changed (no audit row then). */
  apply(before: Row): Promise<Changed | null>;
  /** The audit row of a change that happened. */
  audit(before: Row, changed: Changed): AuditEntry;
}

/** Runs a VersionedChange in the caller's transaction; returns the row as locked and what apply returned. */
export async function changeVersioned<Row extends { version: number }, Changed>(
  tx: Db,
  principal: Principal,
  change: VersionedChange<Row, Changed>,
): Promise<{ before: Row; changed: Changed | null }> {
  const before = await change.lock();
  if (change.expectedVersion !== undefined && before.version !== change.expectedVersion) {
    throw conflict(change.staleMessage(before));
  }
  const changed = await change.apply(before);
  if (changed !== null) await audit(tx, principal, change.audit(before, changed));
  return { before, changed };
}

/** The message of a stale write to a row that people edit as a whole (cases, mutes). */
export function changedSinceRead(what: string, current: { version: number }, sent: number | undefined) {
  return `${what} changed since you read it (version ${current.version}, you sent ${sent}).`;
}

/** SET values every change of a versioned row carries: the next version, and now as updated_at. */
export function nextVersion(table: { version: AnyColumn }) {
  return { version: sql`${table.version} + 1`, updatedAt: sql`now()` };
}
