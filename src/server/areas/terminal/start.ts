import { randomUUID } from 'node:crypto';
import { audit } from '../../audit.ts';
import { terminalSessions } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { newSecret } from '../../platform/secrets.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import {
  compareVersions,
  liveCertificate,
  NO_TERMINAL_CERTIFICATE,
  TERMINAL_MIN_VERSION,
  visibleAgent,
} from '../agents/index.ts';
import { clientAddress, forwardCall, wasForwarded } from './forward.ts';
import { TICKET_SECONDS } from './relay.ts';
import { relayOf } from './sockets.ts';

/**
 * Starts a session when every condition of spec 2 section 6 holds (the permission is the
 * contract's x-access); each missing one is its own refusal, in the order a person fixes them.
 */
export const startTerminalSession: Handler<'startTerminalSession'> = async (request, reply) => {
  const principal = principalOf(request);
  const relay = relayOf(request.server);
  const { agent_id: agentId, cols = 80, rows = 24 } = request.body;
  // The session lives where the agent's channel is: another process starts it there.
  if (!relay.isConnected(agentId) && !wasForwarded(request)) {
    const holder = await relay.nodes.holderOfAgent(agentId);
    if (holder) return (await forwardCall(request, reply, holder, relay.nodes)) as never;
  }
  const now = new Date();
  const sessionId = randomUUID();
  const address = await clientAddress(request, relay.nodes);
  const ticket = newSecret();
  // The name the session's row records: a process taken for dead meanwhile ends it at its next beat.
  const nodeId = relay.nodes.nodeId;
  const started = await asCaller(request, async (tx) => {
    const agent = await visibleAgent(tx, principal, agentId);
    const certificate = await liveCertificate(tx, agent.customerId, principal.user.contactId, now);
    // 409, not 403: the console takes any 403 for a session that has ended (spec 1 section 4.1
    // step 7) and would sign the person out for a certificate an Owner has not granted yet.
    if (!certificate) throw new ApiError(409, 'terminal_certificate_required', NO_TERMINAL_CERTIFICATE);
    if (compareVersions(agent.version, TERMINAL_MIN_VERSION) < 0)
      throw new ApiError(
        409,
        'terminal_unsupported_version',
        `Agent ${agent.version} has no terminal: it needs ${TERMINAL_MIN_VERSION} or later.`,
      );
    if (!agent.terminalEnabled)
      throw new ApiError(409, 'terminal_disabled', 'The terminal is turned off in this agent’s settings.');
    if (!relay.isConnected(agent.agentId))
      throw new ApiError(
        409,
        'agent_not_connected',
        'The agent is not connected: it has no open channel to the server.',
      );
    await tx.insert(terminalSessions).values({
      sessionId,
      partnerId: principal.user.partnerId,
      customerId: agent.customerId,
      agentId: agent.agentId,
      hostName: agent.hostName,
      contactId: principal.user.contactId,
      email: principal.user.email,
      certificateId: certificate.id,
      cols,
      rows,
      startedAt: now,
      relayNodeId: nodeId,
      clientAddress: address,
    });
    await audit(tx, principal, {
      action: 'start',
      entity: 'terminal_session',
      entityId: sessionId,
      customerId: agent.customerId,
      after: {
        agent_id: agent.agentId,
        host_name: agent.hostName,
        certificate_id: certificate.id,
        client_address: address,
      },
    });
    return { agent, certificate };
  });
  relay.open(
    {
      id: sessionId,
      partnerId: principal.user.partnerId,
      customerId: started.agent.customerId,
      agentId,
      contactId: principal.user.contactId,
      impersonatorId: principal.impersonator?.contactId ?? null,
      certificateId: started.certificate.id,
      cols,
      rows,
      nodeId,
    },
    ticket,
    { hostName: started.agent.hostName, email: principal.user.email },
  );
  reply.status(201);
  return {
    session_id: sessionId,
    agent_id: agentId,
    host_name: started.agent.hostName,
    ticket,
    ticket_expires_at: new Date(now.getTime() + TICKET_SECONDS * 1000).toISOString(),
    socket_path: `/api/terminal/v1/sessions/${sessionId}/console?ticket=${encodeURIComponent(ticket)}`,
    idle_seconds: request.server.config.terminal.idleSeconds,
    certificate_expires_at: started.certificate.expiresAt.toISOString(),
  };
};
