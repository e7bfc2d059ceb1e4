import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { sessions } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { unauthorized } from '../errors.ts';
import { sharedSecret } from './server-secrets.ts';

const ISSUER = 'watchfloor';
const AUDIENCE = 'watchfloor-api';
/**
 * The shape of every token issue() makes: the fixed header `{"alg":"HS256"}`, a payload, and a
 * 32-byte signature, bounded in length. Anything else was not made here and is refused unread.
 */
const TOKEN_SHAPE = /^eyJhbGciOiJIUzI1NiJ9\.[A-Za-z0-9_-]{16,900}\.[A-Za-z0-9_-]{43}$/;

/** A working day; the console signs in again afterwards. */
export const SESSION_SECONDS = 10 * 60 * 60;

export interface SessionClaims {
  sessionId: string;
  userId: string;
  impersonatorId: string | null;
}

/** Claims of a token whose signature and session were checked. */
export interface VerifiedSession extends SessionClaims {
  /** When the token stops being valid, in milliseconds since 1970. */
  expiresAt: number;
}

/** Issues and verifies the console's bearer tokens (HS256, key shared through the database). */
export class SessionTokens {
  readonly #hmacKey: KeyObject;

  private constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
  ) {
    this.#hmacKey = createSecretKey(key);
  }

  static async create(db: Db) {
    const secret = (await sharedSecret(db, 'session_signing_key')) as string;
    return new SessionTokens(db, Buffer.from(secret, 'base64url'));
  }

  async issue(userId: string, impersonatorId: string | null = null, idToken: string | null = null) {
    const expiresAt = new Date(Date.now() + SESSION_SECONDS * 1000);
    const [session] = await this.db
      .insert(sessions)
      .values({ userId, impersonatorId, idToken, expiresAt })
      .returning({ sessionId: sessions.sessionId });
    const token = await new SignJWT({ imp: impersonatorId ?? undefined })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(userId)
      .setJti(session!.sessionId)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { access_token: token, token_type: 'Bearer' as const, expires_in: SESSION_SECONDS };
  }

  /**
   * Whether the token has the shape of ours and its signature is right: no parsing, no database,
   * a few microseconds. A forged token stops here; verify() then checks the claims and the session.
   */
  signedHere(token: string): boolean {
    if (!TOKEN_SHAPE.test(token)) return false;
    const dot = token.lastIndexOf('.');
    const expected = createHmac('sha256', this.#hmacKey).update(token.slice(0, dot)).digest();
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Checks signature, expiry and that the session was not revoked (logout, end of impersonation). */
  async verify(token: string): Promise<VerifiedSession> {
    if (!this.signedHere(token)) throw unauthorized('Your session has timed out.');
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'jti', 'sub'],
      }));
    } catch {
      throw unauthorized('Your session has timed out.');
    }
    const sessionId = payload.jti ?? '';
    const [live] = await this.db
      .select({ sessionId: sessions.sessionId, idToken: sessions.idToken })
      .from(sessions)
      .where(
        and(
          eq(sessions.sessionId, sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    if (!live) throw unauthorized('Your session has timed out.');
    return {
      sessionId,
      userId: String(payload.sub),
      impersonatorId: (payload.imp as string | undefined) ?? null,
      expiresAt: payload.exp! * 1000,
    };
  }

  /** Revokes the session and returns its ID token (the hint for ending the IdP session). */
  async revoke(sessionId: string) {
    const [row] = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.sessionId, sessionId))
      .returning({ idToken: sessions.idToken });
    return row?.idToken ?? null;
  }
}
