import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiKeys, auditLog } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { loadPrincipal, type Principal } from './principal.ts';

/** Bearers of this form are API keys; anything else is a console session token. */
export const API_KEY_PREFIX = 'wfk_';
const KEY_PATTERN = /^wfk_([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,})$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A read-only key never carries a permission to change anything. */
const WRITE_PERMISSIONS = new Set(['modify_all', 'modify_workflow']);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const isApiKeyBearer = (authorization: string | undefined) =>
  /^Bearer\s+wfk_/i.test(authorization ?? '');

/** Whether an API key bearer has the shape of the keys made here: anything else is refused unread. */
export const apiKeyShaped = (bearer: string) => KEY_PATTERN.test(bearer);

/** A new secret and the bearer that carries it: `wfk_<key_id>.<secret>`; only the hash is stored. */
export function newApiKeySecret(keyId: string) {
  const secret = randomBytes(32).toString('base64url');
  return { bearer: `${API_KEY_PREFIX}${keyId}.${secret}`, secretHash: sha256(secret) };
}

/**
 * The caller an API key stands for: its creator as they are now, narrowed to the key's customers
 * (never wider than the creator, whose reach may have shrunk since) and, for a read-only key, to
 * reading. Each use is recorded (last use, and an audit row naming the method and path).
 * System connection, like the session check: no scope exists yet.
 */
export async function principalForApiKey(
  db: Db,
  bearer: string,
  request: { method: string; url: string },
): Promise<Principal> {
  const match = KEY_PATTERN.exec(bearer);
  if (!match) throw unauthorized('This API key is not valid.');
  const [keyId, secret] = [match[1]!, match[2]!];
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.keyId, keyId));
  const given = Buffer.from(sha256(secret), 'hex');
  if (!key || !timingSafeEqual(given, Buffer.from(key.secretHash, 'hex')))
    throw unauthorized('This API key is not valid.');
  if (key.revokedAt) throw unauthorized('This API key has been revoked.');
  if (key.expiresAt.getTime() <= Date.now()) throw unauthorized('This API key has expired.');
  const readOnly = key.access !== 'read_write';
  if (readOnly && !READ_METHODS.has(request.method.toUpperCase()))
    throw forbidden('This API key may only read.');

  const creator = await loadPrincipal(db, {
    sessionId: key.keyId,
    userId: key.createdBy,
    impersonatorId: null,
  });
  const principal = narrowToKey(creator, key);
  const now = new Date();
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.keyId, key.keyId));
  await db.insert(auditLog).values({
    partnerId: creator.user.partnerId,
    actorId: creator.user.contactId,
    action: 'use',
    entity: 'api_key',
    entityId: key.keyId,
    after: { method: request.method, path: request.url.split('?')[0] },
  });
  return principal;
}

type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * The key's caller: its creator as they are now, narrowed to the key's customers (never wider
 * than the creator, whose reach may have shrunk since) and, for a read-only key, to reading.
 */
export function narrowToKey(creator: Principal, key: ApiKeyRow): Principal {
  const readOnly = key.access !== 'read_write';
  const global = key.global && creator.scope.global;
  const allowed = new Set(key.customerIds);
  const customerIds = global
    ? creator.scope.customerIds
    : creator.scope.customerIds.filter((id) => allowed.has(id));
  const permissions = readOnly
    ? creator.permissions.filter((p) => !WRITE_PERMISSIONS.has(p))
    : creator.permissions;
  return {
    ...creator,
    // A key never acts as an administrator: impersonation would hand out a session wider than the key.
    user: { ...creator.user, isAdmin: false },
    permissions,
    scope: { ...creator.scope, customerIds, global },
    apiKey: { keyId: key.keyId, access: readOnly ? 'read' : 'read_write' },
  };
}
