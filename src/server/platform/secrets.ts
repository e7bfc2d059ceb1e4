import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { audit } from '../audit.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/types.ts';
import { notFound } from '../errors.ts';

/**
 * Machine credentials (agent credentials, enrolment and ingest tokens) are `<id>.<secret>`: the id
 * finds the row, the secret (32 random bytes) is compared with its SHA-256. A fast hash suits
 * secrets this long (nobody can guess through 2^256) and keeps every check-in and batch cheap,
 * unlike a password hash.
 */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, hash: string | null): boolean {
  if (!hash) return false;
  const left = Buffer.from(hashSecret(secret), 'hex');
  const right = Buffer.from(hash, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Splits `<uuid>.<secret>`; null for anything else. */
export function parseCompound(value: string): { id: string; secret: string } | null {
  const dot = value.indexOf('.');
  if (dot < 0) return null;
  const id = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  if (!UUID.test(id) || secret.length < 20 || secret.length > 200) return null;
  return { id: id.toLowerCase(), secret };
}

/**
 * Revokes one credential row (a token, a key) once: 404 when the caller's scope does not hold it,
 * the row as it is when already revoked, else `revoke` and one audit row. `find` locks the row.
 */
export async function revokeCredential<Row extends { customerId: string; revokedAt: Date | null }>(
  tx: Db,
  principal: Principal,
  credential: { entity: string; id: string; label: string },
  find: () => Promise<Row | undefined>,
  revoke: () => Promise<Row | undefined>,
): Promise<Row> {
  const row = await find();
  if (!row) throw notFound(`${credential.label} ${credential.id}`);
  if (row.revokedAt) return row;
  const revoked = await revoke();
  await audit(tx, principal, {
    action: 'revoke',
    entity: credential.entity,
    entityId: credential.id,
    customerId: row.customerId,
  });
  return revoked ?? row;
}
