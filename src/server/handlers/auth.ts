import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { principalOf } from '../plugins/auth.ts';
import type { Handlers } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    relyingParty: import('../auth/oidc-client.ts').OidcRelyingParty;
  }
}

/** What the console says when sign-in cannot complete (spec 1, section 8). */
const LOGON_PROBLEM = 'There was a problem logging on';

export const authHandlers: Handlers<'getAuthConfig' | 'exchangeToken' | 'logout'> = {
  async getAuthConfig(request) {
    try {
      return await request.server.relyingParty.publicConfig();
    } catch (error) {
      request.log.error({ err: error }, 'identity provider discovery failed');
      throw new ApiError(503, 'idp_unavailable', 'The identity provider is not reachable.');
    }
  },

  async exchangeToken(request) {
    const q = request.query;
    let redeemed: { email: string | null; idToken: string | null };
    try {
      redeemed = await request.server.relyingParty.redeem({
        code: q.authorization_code,
        redirectUri: q.redirect_uri,
        codeVerifier: q.code_verifier,
        nonce: q.nonce,
        iss: q.iss,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'authorization code exchange refused');
      throw unauthorized(LOGON_PROBLEM);
    }
    if (!redeemed.email) throw unauthorized(LOGON_PROBLEM);
    const db = request.server.db;
    // System connection: the caller has no scope until we know who they are.
    const [user] = await db
      .update(users)
      .set({ lastLogin: new Date() })
      .where(eq(sql`lower(${users.email})`, redeemed.email.toLowerCase()))
      .returning({ contactId: users.contactId });
    if (!user) throw unauthorized(LOGON_PROBLEM);
    return request.server.sessionTokens.issue(user.contactId, null, redeemed.idToken);
  },

  async logout(request) {
    const principal = principalOf(request);
    const idToken = await request.server.sessionTokens.revoke(principal.session.sessionId);
    return { end_session_url: await request.server.relyingParty.endSessionUrl(idToken) };
  },
};
