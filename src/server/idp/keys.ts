import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { sharedSecret } from '../auth/server-secrets.ts';
import { serverSettings } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

export interface IdpKeys {
  /** The private signing key set (ID tokens); the provider publishes only the public parts. */
  jwks: { keys: Record<string, unknown>[] };
  /** Keys Koa signs the provider's cookies with; every process must hold the same ones. */
  cookieKeys: string[];
  clientSecret: string;
}

const JWKS_KEY = 'idp_jwks';

/**
 * Loads the provider's keys, creating them on first start. They live in server_settings through
 * sharedSecret, so restarts keep sessions and tokens valid and several processes agree.
 */
export async function loadIdpKeys(db: Db): Promise<IdpKeys> {
  const clientSecret = (await sharedSecret(db, 'idp_client_secret')) as string;
  const cookieKeys = (await sharedSecret(db, 'idp_cookie_keys', () => [
    randomBytes(32).toString('base64url'),
  ])) as string[];
  // An RSA key takes a moment to generate, so only when none is stored yet; if two processes race,
  // sharedSecret keeps the first one written and both read that one back.
  const [stored] = await db.select().from(serverSettings).where(eq(serverSettings.key, JWKS_KEY));
  const jwks = (stored?.value ??
    (await sharedSecret(db, JWKS_KEY, await newSigningKeySet()))) as IdpKeys['jwks'];
  return { jwks, cookieKeys, clientSecret };
}

/** RS256: the algorithm openid-client (and every other relying party) expects by default. */
async function newSigningKeySet() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  return () => ({ keys: [jwk] });
}
