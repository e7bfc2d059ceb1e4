import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { agentActions, agentEnrolmentTokens, agents } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { ApiError, conflict, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { hashSecret, newSecret, parseCompound, secretMatches } from '../../platform/secrets.ts';
import { type ActionStatus, FINISHED, OUTPUT_LIMIT } from './action-types.ts';
import { agentOf, asAgent } from './agent-auth.ts';
import { appendStep } from './steps.ts';

const DEFAULT_CHECK_IN_INTERVAL = 60;

const tokenRefused = (status: number, code: string, message: string) => new ApiError(status, code, message);
const invalidToken = () =>
  tokenRefused(401, 'invalid_token', 'This enrolment token is not valid. Ask for a new installer.');

/** Enrolment: the token's checks and its use count move under one row lock, so a limit holds under races. */
export const enrolAgent: Handler<'enrolAgent'> = async (request, reply) => {
  const body = request.body;
  const parts = parseCompound(body.token);
  if (!parts) throw invalidToken();
  const credentialSecret = newSecret();
  const interval = body.check_in_interval ?? DEFAULT_CHECK_IN_INTERVAL;
  const agent = await request.server.db.transaction(async (tx) => {
    const [token] = await tx
      .select()
      .from(agentEnrolmentTokens)
      .where(eq(agentEnrolmentTokens.tokenId, parts.id))
      .for('update');
    if (!token || !secretMatches(parts.secret, token.secretHash)) throw invalidToken();
    if (token.revokedAt)
      throw tokenRefused(403, 'token_revoked', 'This enrolment token was revoked. Ask for a new installer.');
    if (token.expiresAt.getTime() <= Date.now())
      throw tokenRefused(403, 'token_expired', 'This enrolment token has expired. Ask for a new installer.');
    if (token.uses >= token.useLimit)
      throw tokenRefused(
        403,
        'token_used_up',
        `This enrolment token has enrolled ${token.useLimit} agent${token.useLimit === 1 ? '' : 's'}, its limit. Ask for a new installer.`,
      );
    await tx
      .update(agentEnrolmentTokens)
      .set({ uses: sql`${agentEnrolmentTokens.uses} + 1` })
      .where(eq(agentEnrolmentTokens.tokenId, token.tokenId));
    const now = new Date();
    const [row] = await tx
      .insert(agents)
      .values({
        agentId: randomUUID(),
        customerId: token.customerId,
        hostName: body.host_name,
        platform: body.platform,
        architecture: body.architecture,
        version: body.version,
        systemType: body.system_type ?? null,
        ip: body.ip ?? null,
        isDomainController: body.is_domain_controller ?? false,
        checkInInterval: interval,
        credentialHash: hashSecret(credentialSecret),
        enrolmentTokenId: token.tokenId,
        firstActive: now,
        heartbeatAt: now,
        createdAt: now,
      })
      .returning();
    return row!;
  });
  reply.status(201);
  return {
    agent_id: agent.agentId,
    customer_id: agent.customerId,
    credential: `${agent.agentId}.${credentialSecret}`,
    check_in_interval: agent.checkInInterval,
    settings: agent.settings,
  };
};

/** An action's progress as the agent reports it; the evidence goes into its steps. */
export const reportAgentAction: Handler<'reportAgentAction'> = async (request) => {
  const caller = agentOf(request);
  const { status: reported, receipt, exit_code, output } = request.body;
  const now = new Date();
  return asAgent(request, async (tx) => {
    const [action] = await tx
      .select()
      .from(agentActions)
      .where(
        and(eq(agentActions.actionId, request.params.action_id), eq(agentActions.agentId, caller.agentId)),
      )
      .for('update');
    if (!action) throw notFound(`Action ${request.params.action_id}`);
    const current = action.status as ActionStatus;
    const answer = { action_id: action.actionId, status: current };
    // Repeated reports, and reports on what was cancelled or expired meanwhile, change nothing:
    // the answer tells the agent where the action stands.
    if (current === reported || current === 'cancelled' || current === 'expired') return answer;
    if (FINISHED.includes(current)) {
      if (reported === 'running') return answer;
      throw conflict(`The action already ${current}; it cannot now have ${reported}.`);
    }
    const step = { status: reported, at: now.toISOString(), receipt: receipt ?? null };
    if (reported === 'running') {
      await tx
        .update(agentActions)
        .set({ status: 'running', startedAt: now, updatedAt: now, steps: appendStep(step) })
        .where(eq(agentActions.actionId, action.actionId));
      return { ...answer, status: 'running' as const };
    }
    const text = output ?? null;
    await tx
      .update(agentActions)
      .set({
        status: reported,
        finishedAt: now,
        startedAt: action.startedAt ?? now,
        updatedAt: now,
        exitCode: exit_code ?? null,
        output: text === null ? null : text.slice(0, OUTPUT_LIMIT),
        outputSha256: text === null ? null : createHash('sha256').update(text).digest('hex'),
        outputBytes: text === null ? null : Buffer.byteLength(text),
        steps: appendStep(step),
      })
      .where(eq(agentActions.actionId, action.actionId));
    if (reported === 'succeeded') await applyEffect(tx, action, now);
    return { ...answer, status: reported };
  });
};

/** What a succeeded action changes in the console's picture of the agent. */
async function applyEffect(tx: Db, action: typeof agentActions.$inferSelect, now: Date) {
  const where = eq(agents.agentId, action.agentId);
  if (action.type === 'isolate') {
    const length = Number(action.parameters.length);
    await tx
      .update(agents)
      .set({ isIsolated: true, isolatedUntil: new Date(now.getTime() + length * 1000) })
      .where(where);
  } else if (action.type === 'deisolate') {
    await tx.update(agents).set({ isIsolated: false, isolatedUntil: null }).where(where);
  } else if (action.type === 'uninstall') {
    // An uninstalled agent's credential dies with it.
    await tx.update(agents).set({ credentialHash: null }).where(where);
  }
}
