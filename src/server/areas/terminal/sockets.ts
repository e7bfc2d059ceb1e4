import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { ApiError, conflict, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { agentOf } from '../agents/index.ts';
import { clientAddress, dialHolder, pipe, wasForwarded } from './forward.ts';
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
  if (!request.ws || (await passedToHolder(request))) return;
  const { session_id } = request.params as Params;
  const { ticket } = request.query as { ticket: string };
  const relay = relayOf(request.server);
  const address = await clientAddress(request, relay.nodes);
  const refusal = relay.redeem(session_id, ticket);
  if (refusal) throw TICKET_REFUSALS[refusal];
  consoleAddresses.set(request, address);
}

/** The person's address of each console socket, found before its upgrade. */
const consoleAddresses = new WeakMap<FastifyRequest, string>();

async function checkJoin(request: FastifyRequest) {
  if (!request.ws || (await passedToHolder(request))) return;
  const { session_id } = request.params as Params;
  const verdict = relayOf(request.server).joinable(session_id, agentOf(request).agentId);
  if (verdict === 'unknown') throw notFound('Live terminal session');
  if (verdict === 'joined') throw conflict('The agent has joined this session already.');
}

/** Sockets passed on to the process that holds their session, until their handler pipes them. */
const upstreams = new WeakMap<FastifyRequest, WebSocket>();

/**
 * A session's sockets may reach any API process; the session lives in the memory of the one its
 * agent's channel reached. Elsewhere the same socket is opened there (its checks made there) and
 * the two are piped. Resolves true when the socket was passed on.
 */
async function passedToHolder(request: FastifyRequest): Promise<boolean> {
  const relay = relayOf(request.server);
  const { session_id } = request.params as Params;
  if (wasForwarded(request) || relay.holds(session_id)) return false;
  const holder = await relay.nodes.holderOfSession(session_id);
  if (!holder) return false;
  upstreams.set(request, await dialHolder(request, holder, relay.nodes));
  return true;
}

function pipedToHolder(socket: WebSocket, request: FastifyRequest): boolean {
  const upstream = upstreams.get(request);
  if (upstream) pipe(socket, upstream);
  return upstream !== undefined;
}

const socketHandlers: Record<
  string,
  { check?: (r: FastifyRequest) => Promise<void>; ws: RouteOptions['wsHandler'] }
> = {
  [CONSOLE_SOCKET]: {
    check: checkTicket,
    ws(socket: WebSocket, request: FastifyRequest) {
      if (pipedToHolder(socket, request)) return;
      const address = consoleAddresses.get(request) ?? request.ip;
      relayOf(request.server).attachConsole((request.params as Params).session_id, socket, address);
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
      if (pipedToHolder(socket, request)) return;
      relayOf(request.server).attachAgent((request.params as Params).session_id, socket);
    },
  },
};

/**
 * The relay of this process, and the WebSocket handlers of the terminal's contract routes: a
 * GET upgraded to a WebSocket goes to them, after the contract's credential and parameter checks.
 */
export const terminalSockets = fp(async (app: FastifyInstance) => {
  const { idleSeconds, heartbeatSeconds, nodeTimeoutSeconds } = app.config.terminal;
  app.decorate(
    'terminalRelay',
    new TerminalRelay(app.db, idleSeconds * 1000, app.log, { heartbeatSeconds, nodeTimeoutSeconds }),
  );
  app.addHook('onRoute', (route) => {
    const own = socketHandlers[route.url];
    const methods = [route.method].flat();
    if (!own || !methods.includes('GET')) return;
    route.wsHandler = own.ws;
    if (own.check) route.preHandler = [...[route.preHandler ?? []].flat(), own.check];
  });
  // The other API processes reach this one at the address it listens on (or TERMINAL_NODE_URL).
  app.addHook('onListen', async () => {
    const bound = app.server.address();
    if (bound && typeof bound === 'object')
      await relayOf(app).nodes.advertise(bound, app.config.terminal.nodeUrl);
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
