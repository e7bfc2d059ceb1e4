import * as client from 'openid-client';
import type { Config } from '../config.ts';

/**
 * The console's relying party at the identity provider (embedded at /idp, or external when
 * OIDC_ISSUER is set): one code path for both.
 */
export class OidcRelyingParty {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(
    private readonly config: Config,
    private readonly clientSecret: () => Promise<string>,
  ) {}

  /** Discovery is cached per process; a failed attempt is retried on the next call. */
  configuration(): Promise<client.Configuration> {
    this.discovered ??= this.clientSecret()
      .then((secret) =>
        client.discovery(new URL(this.config.oidc.issuer), this.config.oidc.clientId, secret, undefined, {
          execute: this.config.oidc.issuer.startsWith('http://') ? [client.allowInsecureRequests] : [],
        }),
      )
      .catch((error: unknown) => {
        this.discovered = null;
        throw error;
      });
    return this.discovered;
  }

  async publicConfig() {
    const metadata = (await this.configuration()).serverMetadata();
    return {
      issuer: metadata.issuer,
      authorization_endpoint: metadata.authorization_endpoint ?? '',
      end_session_endpoint: metadata.end_session_endpoint ?? '',
      client_id: this.config.oidc.clientId,
      scope: 'openid email profile roles watchfloor',
      knowledge_base_url: this.config.knowledgeBaseUrl,
    };
  }

  /** Redeems the code (PKCE verifier, nonce checked); the SPA already compared the state. */
  async redeem(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
    nonce: string;
    iss?: string | undefined;
  }) {
    const configuration = await this.configuration();
    const callback = new URL(input.redirectUri);
    callback.search = '';
    callback.searchParams.set('code', input.code);
    // iss is optional in the contract, but openid-client insists on it when the IdP advertises
    // RFC 9207. With exactly one configured IdP there is no mix-up to detect, so a missing iss
    // stands for that IdP; a wrong one is still refused.
    callback.searchParams.set('iss', input.iss || configuration.serverMetadata().issuer);
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: input.codeVerifier,
      expectedNonce: input.nonce,
      expectedState: client.skipStateCheck,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the identity provider sent no ID token');
    return {
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified === true,
      },
      idToken: tokens.id_token ?? null,
    };
  }

  /** The identity provider's sign-out address, returning to `returnTo` afterwards. */
  async endSessionUrl(idToken: string | null, returnTo: string) {
    const params: Record<string, string> = {
      post_logout_redirect_uri: returnTo,
      client_id: this.config.oidc.clientId,
    };
    if (idToken) params.id_token_hint = idToken;
    return client.buildEndSessionUrl(await this.configuration(), params).href;
  }
}
