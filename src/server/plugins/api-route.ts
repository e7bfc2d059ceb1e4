import type { FastifyRequest } from 'fastify';

/**
 * True when Fastify routed the request to an API route. Decided by the matched route, not the
 * raw URL: the router decodes the path, so `/%61pi/…` reaches the same handler as `/api/…` and
 * must meet the same checks.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') === true;
}

/** Routes of the agent protocol: called by endpoint agents with their credential, never by a browser. */
export function isAgentProtocolRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/agent/') === true;
}
