import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strict Content-Security-Policy: scripts only from our origin; styles allow inline because React
 * and the virtual lists set element styles; images also from the avatar service. `blob:` frames
 * and images are what the console itself reads with the session's token and shows from memory
 * (a report's PDF preview, a branding logo): no other origin's content.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://www.gravatar.com",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join(';');

/** The security headers every answer carries (the set helmet sends, with our policy). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * Sets the headers on the raw response when a request arrives, as helmet does, so routes that
 * take over the response (the embedded IdP) carry them too and can widen the policy. The values
 * are constants: @fastify/helmet rebuilt them on every request, a large part of a small answer's cost.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of SECURITY_HEADERS) raw.setHeader(name, value);
    done();
  });
});
