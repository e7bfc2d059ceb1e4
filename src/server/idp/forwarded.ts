import type { FastifyRequest } from 'fastify';

/**
 * oidc-provider (Koa) can only believe every X-Forwarded-* header or none. Fastify already decided,
 * as TRUST_PROXY says, what the client's address, scheme and host are; this writes those decisions
 * over the raw headers before the provider reads them, so a client that is not a trusted proxy
 * cannot choose the addresses the provider builds its URLs from, nor the address it sees.
 */
export function forwardTrustedView(request: FastifyRequest) {
  const headers = request.raw.headers;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
}
