import WebSocket from 'ws';
import type { SimulatedEndpoint } from './endpoint.ts';
import { RestrictedShell } from './shell.ts';

/**
 * The agent's side of live terminals: it dials its own channel to the server (nothing listens
 * on the endpoint), and for each session it is told of, joins the relay with its credential and
 * runs a restricted shell there.
 */
export class TerminalChannel {
  private socket: WebSocket | null = null;
  private readonly sessions = new Set<WebSocket>();
  private closed = false;

  constructor(
    private readonly baseUrl: string,
    private readonly credential: () => string | null,
    private readonly endpoint: SimulatedEndpoint,
    private readonly log: (line: string) => void = () => {},
  ) {}

  private url(path: string): string {
    const url = new URL(path, this.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.href;
  }

  private dial(path: string): WebSocket {
    return new WebSocket(this.url(path), { headers: { authorization: `Bearer ${this.credential()}` } });
  }

  /** Opens the channel; resolves once the server has accepted it. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = this.dial('/api/agent/v1/terminal');
      this.socket = socket;
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`terminal channel refused: ${response.statusCode}`)),
      );
      socket.once('error', reject);
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { type: string; session_id?: string };
        if (message.type === 'open' && message.session_id) this.join(message.session_id);
      });
    });
  }

  private join(sessionId: string) {
    const shell = new RestrictedShell(this.endpoint);
    const socket = this.dial(`/api/agent/v1/terminal/sessions/${sessionId}`);
    this.sessions.add(socket);
    const send = (frame: object) =>
      socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(frame));
    socket.on('open', () => send({ type: 'output', data: shell.banner() }));
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data?: string };
      if (message.type !== 'input' || typeof message.data !== 'string') return;
      const { output, exit } = shell.feed(message.data);
      if (output) send({ type: 'output', data: output });
      if (exit) send({ type: 'exit' });
    });
    socket.on('close', () => this.sessions.delete(socket));
    socket.on('error', (error) => this.log(`${this.endpoint.hostName} terminal: ${error.message}`));
    this.log(`${this.endpoint.hostName} joined terminal session ${sessionId.slice(0, 8)}`);
  }

  /** Drops the channel and every session at once, as an agent that stops does. */
  drop(): void {
    this.closed = true;
    for (const socket of this.sessions) socket.terminate();
    this.socket?.terminate();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
