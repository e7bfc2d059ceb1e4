import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Account, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { SESSION_SECONDS } from '../auth/session-tokens.ts';
import { type Config, originsOf, withLoopbackTwin } from '../config.ts';
import { users } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { drizzleAdapterFactory } from './adapter.ts';
import { chooseLocale, LOCALES } from './i18n.ts';
import type { IdpKeys } from './keys.ts';
import { loadOidcProvider } from './load-oidc-provider.ts';
import { IDP_PREFIX, problemPage, signedOutPage, signOutPage, widenFormAction } from './pages.ts';

/** The scopes the console asks for (DESIGN section 5); `watchfloor` is the product scope. */
export const SCOPES = ['openid', 'email', 'profile', 'roles', 'watchfloor'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The locale for a page the provider itself renders (errors, sign-out). */
function localeOf(ctx: KoaContextWithOIDC) {
  return chooseLocale(ctx.oidc?.params?.ui_locales, ctx.get('accept-language'));
}

/** Reads the account from the users table; `sub` is the contact id. System connection: no caller yet. */
async function findAccount(db: Db, sub: string): Promise<Account | undefined> {
  if (!UUID.test(sub)) return undefined;
  const [user] = await db.select().from(users).where(eq(users.contactId, sub));
  if (!user) return undefined;
  return {
    accountId: user.contactId,
    async claims() {
      return {
        sub: user.contactId,
        email: user.email,
        // Addresses are provisioned by the provider's administrators, not typed in by strangers.
        email_verified: true,
        name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
        given_name: user.firstName,
        family_name: user.lastName,
        roles: user.isAdmin ? ['admin'] : [],
      };
    },
  };
}

export async function createProvider(
  config: Config,
  db: Db,
  keys: IdpKeys,
  log: FastifyBaseLogger,
): Promise<Provider> {
  const OidcProvider = await loadOidcProvider();
  const redirectUris = withLoopbackTwin(`${config.publicUrl}/login/callback`);
  const postLogoutUris = withLoopbackTwin(`${config.publicUrl}/login`);
  const signInUrl = `${config.publicUrl}/login`;

  const provider = new OidcProvider(config.oidc.issuer, {
    adapter: drizzleAdapterFactory(db),
    clients: [
      {
        client_id: config.oidc.clientId,
        client_secret: keys.clientSecret,
        client_name: 'Watchfloor',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutUris,
        // What openid-client uses when given a secret string (see auth/oidc-client.ts).
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    responseTypes: ['code'],
    // Only what a confidential client with a shared secret needs; nothing else is advertised.
    clientAuthMethods: ['client_secret_post', 'client_secret_basic'],
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      roles: ['roles'],
    },
    // The relying party reads the e-mail from the ID token, so scope claims go into it too.
    conformIdTokenClaims: false,
    jwks: keys.jwks,
    cookies: {
      keys: keys.cookieKeys,
      // The IdP session cookie is only needed under /idp; the console itself never sees it.
      long: { httpOnly: true, sameSite: 'lax', path: IDP_PREFIX },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    findAccount: (_ctx, sub) => findAccount(db, sub),
    interactions: { url: (_ctx, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    discovery: { ui_locales_supported: [...LOCALES] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = 'html';
          ctx.set(
            'content-security-policy',
            widenFormAction(ctx.response.get('content-security-policy'), originsOf(postLogoutUris)),
          );
          ctx.body = signOutPage(localeOf(ctx), form);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.body = signedOutPage(localeOf(ctx), signInUrl);
        },
      },
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      // As long as a console session: a day's work, then sign in again.
      Session: SESSION_SECONDS,
      Grant: SESSION_SECONDS,
    },
    renderError(ctx, out, error) {
      ctx.type = 'html';
      // SessionNotFound: the sign-in took too long or its cookies are gone; starting again fixes it.
      const expired = error.name === 'SessionNotFound';
      ctx.body = problemPage(localeOf(ctx), { expired, code: out.error, startUrl: signInUrl });
    },
  });
  // Safe only because mount.ts rewrites X-Forwarded-* to what TRUST_PROXY lets Fastify believe.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'identity provider error'));
  return provider;
}
