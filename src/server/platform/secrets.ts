import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
