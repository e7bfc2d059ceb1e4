import { eq } from 'drizzle-orm';
import { userForIdentity } from '../../auth/identity-links.ts';
import type { OidcRelyingParty } from '../../auth/oidc-client.ts';
import { signedOutAddress } from '../../config.ts';
import { users } from '../../db/schema/index.ts';
import { ApiError, unauthorized } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { principalOf } from '../../plugins/auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    relyingParty: import('../../auth/oidc-client.ts').OidcRelyingParty;
  }
}

/** What the console says when sign-in cannot complete (spec 1, section 8). */
const LOGON_PROBLEM = 'There was a problem logging on';

export const getAuthConfig: Handler<'getAuthConfig'> = async (request) => {
  try {
    return await request.server.relyingParty.publicConfig();
  } catch (error) {
    request.log.error({ err: error }, 'identity provider discovery failed');
    throw new ApiError(503, 'idp_unavailable', 'The identity provider is not reachable.');
  }
};

export const exchangeToken: Handler<'exchangeToken'> = async (request) => {
  const q = request.query;
  let redeemed: Awaited<ReturnType<OidcRelyingParty['redeem']>>;
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
  const db = request.server.db;
  // System connection: the caller has no scope until we know who they are.
  const contactId = await userForIdentity(db, redeemed.identity);
  if (!contactId) {
    request.log.info('sign-in refused: no user linked to this identity or its verified e-mail address');
    throw unauthorized(LOGON_PROBLEM);
  }
  const [user] = await db
    .update(users)
    .set({ lastLogin: new Date() })
    .where(eq(users.contactId, contactId))
    .returning({ contactId: users.contactId });
  if (!user) throw unauthorized(LOGON_PROBLEM);
  return request.server.sessionTokens.issue(user.contactId, null, redeemed.idToken);
};

export const logout: Handler<'logout'> = async (request) => {
  const principal = principalOf(request);
  const idToken = await request.server.sessionTokens.revoke(principal.session.sessionId);
  const returnTo = signedOutAddress(request.server.config, request.headers.origin);
  try {
    return { end_session_url: await request.server.relyingParty.endSessionUrl(idToken, returnTo) };
  } catch (error) {
    // The console session is ended either way; with the identity provider out of reach the
    // browser goes straight to the signed-out page and the provider's session ends on its own.
    request.log.warn({ err: error }, 'identity provider unreachable at sign-out');
    return { end_session_url: returnTo };
  }
};
