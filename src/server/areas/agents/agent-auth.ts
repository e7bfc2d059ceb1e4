import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { agents } from '../../db/schema/index.ts';
import { type Scope, withScope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { unauthorized } from '../../errors.ts';
import { parseCompound, secretMatches } from '../../platform/secrets.ts';

/** The agent a protocol call acts for, known from its credential. */
export interface AgentCaller {
  agentId: string;
  customerId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    agent: AgentCaller | null;
  }
}

/** The `<agent_id>.<secret>` of `Authorization: Bearer`; 401 when missing or malformed. */
export function agentCredential(request: FastifyRequest): { id: string; secret: string } {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const parts = match ? parseCompound(match[1]!) : null;
  if (!parts) throw unauthorized('Send the agent credential: Authorization: Bearer <credential>.');
  return parts;
}

/**
 * Checks `Authorization: Bearer <agent_id>.<secret>` with one primary-key read: no session, no
 * cookie. Throws 401 for a missing, malformed, unknown or wrong credential alike. (The check-in
 * checks it in its own read: check-in.ts.)
 */
export async function authenticateAgent(db: Db, request: FastifyRequest): Promise<void> {
  const parts = agentCredential(request);
  const [row] = await db
    .select({ agentId: agents.agentId, customerId: agents.customerId, hash: agents.credentialHash })
    .from(agents)
    .where(eq(agents.agentId, parts.id))
    .limit(1);
  if (!row || !secretMatches(parts.secret, row.hash)) throw unauthorized('Unknown agent credential.');
  request.agent = { agentId: row.agentId, customerId: row.customerId };
}

/** The caller of an agent-protocol route; throws 401 when the route ran without one. */
export function agentOf(request: FastifyRequest): AgentCaller {
  if (!request.agent) throw unauthorized();
  return request.agent;
}

/** Runs fn with row-level security limited to the agent's own customer. */
export function asAgent<T>(request: FastifyRequest, fn: (tx: Db) => Promise<T>): Promise<T> {
  const agent = agentOf(request);
  const scope: Scope = { partnerId: '', userId: '', customerIds: [agent.customerId], global: false };
  return withScope(request.server.db, scope, fn);
}
