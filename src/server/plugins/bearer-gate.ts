import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX, apiKeyShaped } from '../auth/api-keys.ts';
import { bearerOf, CONNECTOR_PREFIX } from '../auth/bearer.ts';
import type { BearerFailures } from '../auth/bearer-failures.ts';
import { REFUSED_MESSAGE, type SessionPrincipals } from '../auth/session-principals.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a console bearer (a session token or an API key): contract/routes.ts. */
    bearerAuth?: boolean;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** The contract's error bodies of the refusals decided here, made once (plugins/errors.ts makes the same). */
const refusal = (message: string) => JSON.stringify({ error: { code: 'unauthorized', message } });
const NO_BEARER = refusal('Sign in to continue.');
const SESSION_REFUSED = refusal(REFUSED_MESSAGE);
const API_KEY_REFUSED = refusal('This API key is not valid.');

/**
 * What a bearer route's call is answered before anything else is done for it: 429 for an address
 * that has sent too many bearers that were not valid, 401 for a call without a bearer, a session
 * token that is not ours (shape, signature) or was refused before, or an API key of a shape never
 * made here. Runs right after the security headers: before cookies are read, the XSRF cookie is
 * made, the body is parsed or the database is asked, and the answer is written, not thrown, so a
 * flood of forged tokens builds no error and mints no cookie. Everything else (a well-signed
 * token, an API key to look up, a browser connector's credential) goes on to plugins/auth.ts.
 */
export const bearerGate = fp(
  async (app: FastifyInstance, options: { failures: BearerFailures; principals: SessionPrincipals }) => {
    const { failures, principals } = options;
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (!request.routeOptions.config?.bearerAuth) return done();
      const waitMs = failures.refusedFor(request.ip);
      if (waitMs > 0) return rateLimited(reply, waitMs);
      const bearer = bearerOf(request.headers.authorization);
      if (bearer === null) return unauthorized(reply, NO_BEARER);
      // Refused with 403 by plugins/auth.ts, which says where such a credential works.
      if (bearer.startsWith(CONNECTOR_PREFIX)) return done();
      if (bearer.startsWith(API_KEY_PREFIX)) {
        if (apiKeyShaped(bearer)) return done();
        failures.failed(request.ip);
        return unauthorized(reply, API_KEY_REFUSED);
      }
      if (!principals.refusesAtOnce(bearer)) return done();
      failures.failed(request.ip);
      unauthorized(reply, SESSION_REFUSED);
    });
  },
);

function unauthorized(reply: FastifyReply, body: string) {
  reply.code(401).type(JSON_TYPE).send(body);
}

function rateLimited(reply: FastifyReply, waitMs: number) {
  const seconds = Math.ceil(waitMs / 1000);
  reply
    .code(429)
    .header('retry-after', String(seconds))
    .type(JSON_TYPE)
    .send(
      `{"error":{"code":"rate_limited","message":"Too many calls with a credential that is not valid; retry in ${seconds} s."}}`,
    );
}
