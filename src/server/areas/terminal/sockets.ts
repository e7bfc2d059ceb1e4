import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { ApiError, conflict, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { agentOf } from '../agents/index.ts';
import { TerminalRelay, type TicketRefusal } from './relay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    terminalRelay: TerminalRelay;
  }
}

export const relayOf = (app: FastifyInstance): TerminalRelay => app.terminalRelay;

const CONSOLE_SOCKET = '/api/terminal/v1/sessions/:session_id/console';
const AGENT_CHANNEL = '/api/agent/v1/terminal';
const AGENT_SESSION = '/api/agent/v1/terminal/sessions/:session_id';

const TICKET_REFUSALS: Record<TicketRefusal, ApiError> = {
  unknown_session: notFound('Live terminal session'),
  wrong_ticket: new ApiError(403, 'ticket_refused', 'This ticket does not open this session.'),
  used_ticket: new ApiError(403, 'ticket_used', 'This ticket has been used; start a new session.'),
  expired_ticket: new ApiError(403, 'ticket_expired', 'This ticket has expired; start a new session.'),
};

type Params = { session_id: string };

/** Checked before the upgrade, so a refused socket is an HTTP error with the usual shape. */
async function checkTicket(request: FastifyRequest) {
  if (!request.ws) return;
  const { session_id } = request.params as Params;
  const { ticket } = request.query as { ticket: string };
  const refusal = relayOf(request.server).redeem(session_id, ticket);
  if (refusal) throw TICKET_REFUSALS[refusal];
}

async function checkJoin(request: FastifyRequest) {
  if (!request.ws) return;
  const { session_id } = request.params as Params;
  const verdict = relayOf(request.server).joinable(session_id, agentOf(request).agentId);
  if (verdict === 'unknown') throw notFound('Live terminal session');
  if (verdict === 'joined') throw conflict('The agent has joined this session already.');
}

/**
 * The routes that reach live sessions and agents' channels, which live in one process's memory.
 * With several API processes the balancer sends them all to the one terminal process; the others
 * (TERMINAL_RELAY=off) refuse them, so a misrouted call is an answer naming the rule, not a
 * session that waits for an agent connected elsewhere.
 */
const RELAY_ROUTES = new Set([
  '/api/terminal/v1/sessions',
  CONSOLE_SOCKET,
  AGENT_CHANNEL,
  AGENT_SESSION,
  '/api/module/agents/v1/agents/interactive-shell/capable/:agent_id',
]);

const misdirected = () =>
  new ApiError(
    421,
    'terminal_elsewhere',
    'Live terminals are served by another API process of this installation (TERMINAL_RELAY=off here).',
  );

const socketHandlers: Record<
  string,
  { check?: (r: FastifyRequest) => Promise<void>; ws: RouteOptions['wsHandler'] }
> = {
  [CONSOLE_SOCKET]: {
    check: checkTicket,
    ws(socket: WebSocket, request: FastifyRequest) {
      relayOf(request.server).attachConsole((request.params as Params).session_id, socket);
    },
  },
  [AGENT_CHANNEL]: {
    ws(socket: WebSocket, request: FastifyRequest) {
      relayOf(request.server).addChannel(agentOf(request).agentId, socket);
    },
  },
  [AGENT_SESSION]: {
    check: checkJoin,
    ws(socket: WebSocket, request: FastifyRequest) {
      relayOf(request.server).attachAgent((request.params as Params).session_id, socket);
    },
  },
};

/**
 * The relay of this process, and the WebSocket handlers of the terminal's contract routes: a
 * GET upgraded to a WebSocket goes to them, after the contract's credential and parameter checks.
 */
export const terminalSockets = fp(async (app: FastifyInstance) => {
  app.decorate('terminalRelay', new TerminalRelay(app.db, app.config.terminal.idleSeconds * 1000, app.log));
  const relayHere = app.config.terminal.relay;
  app.addHook('onRoute', (route) => {
    if (!relayHere && RELAY_ROUTES.has(route.url))
      route.onRequest = [
        async () => {
          throw misdirected();
        },
        ...[route.onRequest ?? []].flat(),
      ];
    const own = socketHandlers[route.url];
    const methods = [route.method].flat();
    if (!own || !methods.includes('GET')) return;
    route.wsHandler = own.ws;
    if (own.check) route.preHandler = [...[route.preHandler ?? []].flat(), own.check];
  });
  // Before the WebSocket plugin closes every socket: sessions end as the server stopping, recorded.
  app.addHook('preClose', async () => relayOf(app).close());
});

const upgradeRequired = () =>
  new ApiError(426, 'upgrade_required', 'Open this address as a WebSocket (Upgrade: websocket).');

export const openTerminalConsole: Handler<'openTerminalConsole'> = async () => {
  throw upgradeRequired();
};
export const openAgentTerminalChannel: Handler<'openAgentTerminalChannel'> = async () => {
  throw upgradeRequired();
};
export const joinTerminalSession: Handler<'joinTerminalSession'> = async () => {
  throw upgradeRequired();
};
