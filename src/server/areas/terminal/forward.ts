import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import WebSocket from 'ws';
import { ApiError } from '../../errors.ts';
import type { RelayNode, RelayNodes } from './nodes.ts';

/**
 * Marks a call one API process passed to another: the receiver serves it itself, so a directory
 * that is a moment behind cannot send a call round in circles.
 */
export const FORWARDED_HEADER = 'x-watchfloor-terminal-forwarded';
/** The passing process's secret: only with it is the client address below believed. */
export const NODE_SECRET_HEADER = 'x-watchfloor-terminal-node-secret';
/** The address of the person's own connection, as the passing process saw it. */
export const CLIENT_ADDRESS_HEADER = 'x-watchfloor-terminal-client-address';
/** A holder that neither answers nor refuses within this time is unreachable. */
const HOLDER_TIMEOUT_MS = 10_000;

/** Headers that belong to one hop, or that the next hop's client sets itself. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'upgrade',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-accept',
]);

export const wasForwarded = (request: FastifyRequest) => request.headers[FORWARDED_HEADER] !== undefined;

/**
 * The caller's own headers (credential, cookies, XSRF token, language), for the next hop, with
 * this process's name, secret and the caller's address (whatever the caller sent as these is
 * replaced).
 */
function passedOn(request: FastifyRequest, self: RelayNodes): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = [value].flat().join(', ');
  headers[FORWARDED_HEADER] = self.nodeId;
  headers[NODE_SECRET_HEADER] = self.secret;
  headers[CLIENT_ADDRESS_HEADER] = request.ip;
  return headers;
}

/**
 * The address of the person behind a call: the one another API process passed on when that
 * process proves itself (its secret), else this connection's own (a client's header is not
 * believed).
 */
export async function clientAddress(request: FastifyRequest, nodes: RelayNodes): Promise<string> {
  const passed = request.headers[CLIENT_ADDRESS_HEADER];
  const from = request.headers[FORWARDED_HEADER];
  const secret = request.headers[NODE_SECRET_HEADER];
  if (typeof passed !== 'string' || typeof from !== 'string' || typeof secret !== 'string') return request.ip;
  if (isIP(passed) === 0 || !(await nodes.vouches(from, secret))) return request.ip;
  return passed;
}

/** The other process's `{ error }` answer, as this process's own. */
function asApiError(status: number, body: string): ApiError {
  try {
    const { error } = JSON.parse(body) as { error: { code: string; message: string } };
    return new ApiError(status, error.code, error.message);
  } catch {
    return new ApiError(
      502,
      'terminal_relay_unreachable',
      'The API process holding this terminal did not answer.',
    );
  }
}

/** A JSON call served by the process that holds the agent's channel; its answer is the caller's. */
export async function forwardCall(
  request: FastifyRequest,
  reply: FastifyReply,
  node: RelayNode,
  self: RelayNodes,
): Promise<unknown> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(new URL(request.url, node.address), {
      method: request.method,
      headers: passedOn(request, self),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(HOLDER_TIMEOUT_MS),
    });
    body = await response.text();
  } catch {
    throw asApiError(502, '');
  }
  if (!response.ok) throw asApiError(response.status, body);
  reply.status(response.status);
  return JSON.parse(body);
}

/**
 * Opens the same socket on the process that holds the session; resolves once it is open, so a
 * refusal there (ticket, credential) is this call's HTTP refusal.
 */
export function dialHolder(request: FastifyRequest, node: RelayNode, self: RelayNodes): Promise<WebSocket> {
  const url = new URL(request.url, node.address);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return new Promise((resolve, reject) => {
    const upstream = new WebSocket(url, {
      headers: passedOn(request, self),
      perMessageDeflate: false,
      handshakeTimeout: HOLDER_TIMEOUT_MS,
    });
    upstream.once('open', () => {
      // Frames the holder sends before the caller's socket is upgraded wait for the pipe.
      upstream.pause();
      resolve(upstream);
    });
    upstream.once('unexpected-response', (_req, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => reject(asApiError(response.statusCode ?? 502, body)));
    });
    upstream.once('error', () => reject(asApiError(502, '')));
  });
}

/** Frames pass as they are both ways; either side closing closes the other with its code. */
export function pipe(client: WebSocket, upstream: WebSocket): void {
  client.on('message', (data, isBinary) => upstream.send(data, { binary: isBinary }));
  upstream.on('message', (data, isBinary) => client.send(data, { binary: isBinary }));
  const closeOther = (other: WebSocket) => (code: number, reason: Buffer) => {
    if (other.readyState !== WebSocket.OPEN) return;
    // 1005/1006 (no code, abnormal) may not be sent in a close frame.
    other.close(code === 1005 || code === 1006 ? 1001 : code, reason);
  };
  client.on('close', closeOther(upstream));
  upstream.on('close', closeOther(client));
  client.on('error', () => upstream.terminate());
  upstream.on('error', () => client.terminate());
  upstream.resume();
}
