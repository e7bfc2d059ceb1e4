import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiKeyBearer } from '../auth/api-keys.ts';
import { bearerOf } from '../auth/bearer.ts';
import { forbidden } from '../errors.ts';
import { isApiRoute, isMachineRoute, isSignedLinkRoute } from './api-route.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit cookie: every API answer to a browser sets XSRF-TOKEN when it lacks it, and every
 * unsafe API call must echo it in X-XSRF-TOKEN (spec 1, section 7; DESIGN section 9). The agent
 * protocol, log ingest and the browser extension are exempt: machines send a credential header, never
 * cookies, so there is nothing to forge; so is the escalation acknowledge form, whose signed token is its credential.
 */
export const xsrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request) || isMachineRoute(request) || isSignedLinkRoute(request)) return;
    // An API key is a header a script sends on purpose, never something a browser adds by itself.
    if (isApiKeyBearer(request.headers.authorization)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie && wantsCookie(request)) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: request.protocol === 'https',
      });
    }
    if (!UNSAFE.has(request.method)) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw forbidden('Missing or wrong X-XSRF-TOKEN header: send the value of the XSRF-TOKEN cookie.');
    }
  });
});

/**
 * Whether to mint the cookie: for a call without a bearer (a browser before sign-in) and for a
 * browser page's bearer call, which the console's pages make with their session token kept in
 * localStorage, so a reopened browser gets a new cookie on its first call. A bearer call that
 * no browser made (no Fetch Metadata, which every current browser sends) is a script's: it has
 * no use for a cookie, and minting one costs random bytes and a Set-Cookie on every answer.
 */
function wantsCookie(request: FastifyRequest) {
  if (bearerOf(request.headers.authorization) === null) return true;
  return request.headers['sec-fetch-site'] !== undefined || request.headers['sec-fetch-mode'] !== undefined;
}

function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
