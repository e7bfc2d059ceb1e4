import { eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { agents } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentAttribute } from './present.ts';
import { visibleAgent } from './visible-agent.ts';

/**
 * `PUT /agents/{id}/attributes/{name}` (spec 2, section 7): the value alone when it does not
 * expire, `{ value, expires_at }` when it does (the shape presentAttribute reads back).
 */
export const setAgentAttribute: Handler<'setAgentAttribute'> = async (request) => {
  const principal = principalOf(request);
  rejectNulCharacters(request);
  const { name } = request.params;
  const { value } = request.body;
  const expiresAt = request.body.expires_at ?? null;
  if (typeof value === 'number' && !Number.isFinite(value))
    throw badRequest('value', 'must be a finite number');
  if (expiresAt !== null && Date.parse(expiresAt) <= Date.now())
    throw badRequest('expires_at', 'must lie in the future');
  const expires = expiresAt === null ? null : new Date(expiresAt).toISOString();
  const stored = expires === null ? value : { value, expires_at: expires };
  return asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, request.params.agent_id, { forUpdate: true });
    await tx
      .update(agents)
      .set({ attributes: { ...agent.attributes, [name]: stored } })
      .where(eq(agents.agentId, agent.agentId));
    await audit(tx, principal, {
      action: 'update',
      entity: 'agent_attribute',
      entityId: agent.agentId,
      customerId: agent.customerId,
      before: { [name]: agent.attributes[name] ?? null },
      after: { [name]: stored },
    });
    return presentAttribute(name, stored);
  });
};
