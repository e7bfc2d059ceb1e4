import type { FastifyRequest } from 'fastify';

/**
 * True when Fastify routed the request to an API route. Decided by the matched route, not the
 * raw URL: the router decodes the path, so `/%61pi/…` reaches the same handler as `/api/…` and
 * must meet the same checks.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') === true;
}

/**
 * Routes machines call with their own credential, never a browser page: the agent protocol, log
 * ingest and the browser extension's calls. They carry no cookies, so there is nothing to forge.
 */
export function isMachineRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return (
    url?.startsWith('/api/agent/') === true ||
    url?.startsWith('/api/ingest/') === true ||
    url?.startsWith('/api/connector/') === true
  );
}

/**
 * Routes whose credential is a signed token in the request itself, followed by a person from a
 * message rather than a signed-in console: the escalation acknowledge page posts its form with no
 * XSRF header, and no cookie gives the call any authority to forge.
 */
export function isSignedLinkRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url === '/api/escalations/v1/acknowledge';
}
