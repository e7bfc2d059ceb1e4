import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { sessions } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { unauthorized } from '../errors.ts';
import { sharedSecret } from './server-secrets.ts';

const ISSUER = 'watchfloor';
const AUDIENCE = 'watchfloor-api';
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
  private constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
  ) {}

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

  /** Checks signature, expiry and that the session was not revoked (logout, end of impersonation). */
  async verify(token: string): Promise<VerifiedSession> {
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
