import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiKeyBearer } from '../auth/api-keys.ts';
import { forbidden } from '../errors.ts';
import { isApiRoute, isMachineRoute, isSignedLinkRoute } from './api-route.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit cookie: every API answer sets XSRF-TOKEN when the browser lacks it, and every
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
    if (!cookie) {
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

function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
