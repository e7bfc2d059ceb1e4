import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX, principalForApiKey } from '../auth/api-keys.ts';
import { bearerOf, CONNECTOR_PREFIX } from '../auth/bearer.ts';
import type { BearerFailures } from '../auth/bearer-failures.ts';
import type { Principal } from '../auth/principal.ts';
import type { SessionPrincipals } from '../auth/session-principals.ts';
import type { SessionTokens } from '../auth/session-tokens.ts';
import { withScope } from '../db/tenancy.ts';
import type { Db } from '../db/types.ts';
import { ApiError, forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    sessionTokens: SessionTokens;
    /** The contract's bearerAuth security handler. */
    verifyBearer(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The signed-in caller; throws 401 when the route ran without one (a bug in the contract's security). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** Runs fn as the caller: a transaction whose row-level security sees only the caller's customers. */
export function asCaller<T>(request: FastifyRequest, fn: (tx: Db) => Promise<T>): Promise<T> {
  const principal = principalOf(request);
  return withScope(request.server.db, principal.scope, fn);
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      db: Db;
      sessionTokens: SessionTokens;
      sessionPrincipals: SessionPrincipals;
      bearerFailures: BearerFailures;
    },
  ) => {
    app.decorate('db', options.db);
    app.decorate('sessionTokens', options.sessionTokens);
    const { sessionPrincipals, bearerFailures } = options;
    app.decorateRequest('principal', null);
    app.decorate('verifyBearer', async (request: FastifyRequest) => {
      // A call without a bearer, a forged session token or a malformed API key never gets here,
      // nor does a flooding address: plugins/bearer-gate.ts answers them first. The checks below
      // still stand for any route the gate does not cover.
      const bearer = bearerOf(request.headers.authorization);
      if (!bearer) throw unauthorized();
      // A browser connector's credential reaches the extension's own calls only (areas/connectors).
      if (bearer.startsWith(CONNECTOR_PREFIX))
        throw forbidden("A browser connector credential can only make the browser extension's calls.");
      try {
        request.principal = bearer.startsWith(API_KEY_PREFIX)
          ? await principalForApiKey(app.db, bearer, request)
          : await sessionPrincipals.forToken(bearer);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) bearerFailures.failed(request.ip);
        throw error;
      }
    });
  },
);
