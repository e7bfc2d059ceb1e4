import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import formbody from '@fastify/formbody';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, Provider } from 'oidc-provider';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { type Config, originsOf, withLoopbackTwin } from '../config.ts';
import { users } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { chooseLocale, type Locale } from './i18n.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { IDP_PREFIX, problemPage, type SignInPageOptions, signInPage, widenFormAction } from './pages.ts';
import { SCOPES } from './provider.ts';
import { SignInThrottle } from './throttle.ts';

export interface InteractionOptions {
  provider: Provider;
  config: Config;
  db: Db;
}

interface UidParams {
  uid: string;
}

const LOGOUT_SCRIPT = readFileSync(new URL('./assets/logout.js', import.meta.url), 'utf8');

/**
 * Our own pages for the provider's interactions: the sign-in form (login prompt) and an automatic
 * grant for the consent prompt, since the console is our own first-party client.
 */
export async function interactionRoutes(app: FastifyInstance, { provider, config, db }: InteractionOptions) {
  await app.register(formbody);
  const throttle = new SignInThrottle(db);
  const signInUrl = `${config.publicUrl}/login`;
  const formOrigins = originsOf(withLoopbackTwin(`${config.publicUrl}/login/callback`));
  // Unknown e-mail addresses are checked against this hash, so both refusals take as long.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => {
    decoy ??= hashPassword(randomBytes(16).toString('base64url'));
    return decoy;
  };

  const html = (reply: FastifyReply, status: number, body: string) => {
    const csp = String(reply.raw.getHeader('content-security-policy') ?? '');
    if (csp) reply.header('content-security-policy', widenFormAction(csp, formOrigins));
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);
  };
  const loginAction = (details: Interaction) => `${IDP_PREFIX}/interaction/${details.uid}/login`;
  const localeFor = (request: FastifyRequest, details?: Interaction): Locale =>
    chooseLocale(details?.params.ui_locales, request.headers['accept-language']);

  // These are pages, not API calls: a failure shows a page with a way back, not the API's JSON.
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'sign-in interaction failed');
    return html(reply, status, problemPage(localeFor(request), { startUrl: signInUrl }));
  });

  /** The interaction behind the cookie, or an error page when it expired or belongs to another tab. */
  const loadInteraction = async (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid === request.params.uid) return details;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'SessionNotFound') throw error;
    }
    await html(reply, 400, problemPage(localeFor(request), { expired: true, startUrl: signInUrl }));
    return null;
  };

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) => {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  };

  /** Grants what the client asked for (within our scopes): first-party, so nobody is asked to consent. */
  const grantFor = async (details: Interaction, accountId: string) => {
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    const requested = String(details.params.scope ?? '').split(' ');
    grant.addOIDCScope(requested.filter((scope) => SCOPES.includes(scope)));
    const missingClaims = details.prompt.details.missingOIDCClaims;
    if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims.map(String));
    return grant.save();
  };

  app.get<{ Params: UidParams }>(`${IDP_PREFIX}/interaction/:uid`, async (request, reply) => {
    const details = await loadInteraction(request, reply);
    if (!details) return reply;
    const accountId = details.session?.accountId;
    if (details.prompt.name === 'consent' && accountId) {
      return finish(request, reply, { consent: { grantId: await grantFor(details, accountId) } });
    }
    if (details.prompt.name !== 'login') {
      return html(
        reply,
        400,
        problemPage(localeFor(request, details), { code: details.prompt.name, startUrl: signInUrl }),
      );
    }
    return html(
      reply,
      200,
      signInPage({ locale: localeFor(request, details), action: loginAction(details) }),
    );
  });

  app.post<{ Params: UidParams; Body: Record<string, unknown> | undefined }>(
    `${IDP_PREFIX}/interaction/:uid/login`,
    async (request, reply) => {
      const details = await loadInteraction(request, reply);
      if (!details) return reply;
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      const page = (status: number, error: SignInPageOptions['error']) =>
        html(
          reply,
          status,
          signInPage({ locale: localeFor(request, details), action: loginAction(details), email, error }),
        );

      if (!email || !password) return page(400, 'missingCredentials');
      if (!(await throttle.attempt(request.ip, email))) return page(429, 'tooManyAttempts');
      // System connection: nobody is signed in yet, so there is no tenant scope to apply.
      const [user] = await db
        .select({ contactId: users.contactId, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash())).catch(
        () => false,
      );
      if (!user?.passwordHash || !matches) {
        request.log.info({ interaction: details.uid }, 'sign-in refused');
        return page(401, 'incorrectCredentials');
      }
      await throttle.succeeded(request.ip, email);
      const grantId = await grantFor(details, user.contactId);
      return finish(request, reply, { login: { accountId: user.contactId }, consent: { grantId } });
    },
  );

  invitationRoutes(app, { db, signInUrl, html, localeFor: (request) => localeFor(request) });

  app.get(`${IDP_PREFIX}/assets/logout.js`, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(LOGOUT_SCRIPT),
  );

  /**
   * The spec's "default invalidation flow" (shell 4.1, item 8): the end-session endpoint, told
   * which client is leaving and to come back to the sign-in page when the caller did not say.
   */
  const invalidation = (request: FastifyRequest, reply: FastifyReply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (!query.has('id_token_hint') && !query.has('client_id')) query.set('client_id', config.oidc.clientId);
    if (!query.has('post_logout_redirect_uri')) query.set('post_logout_redirect_uri', signInUrl);
    return reply.redirect(`${IDP_PREFIX}/session/end?${query}`, 303);
  };
  app.get(`${IDP_PREFIX}/flows/-/default/invalidation/`, invalidation);
  app.get(`${IDP_PREFIX}/flows/-/default/invalidation`, invalidation);
}
