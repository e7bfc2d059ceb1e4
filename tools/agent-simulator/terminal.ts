import WebSocket from 'ws';
import type { SimulatedEndpoint } from './endpoint.ts';
import { RestrictedShell } from './shell.ts';

/** The first re-dial waits about this long; each failed one doubles it, up to the cap. */
export const REDIAL_FIRST_MS = 250;
export const REDIAL_MAX_MS = 30_000;
/** The server closed the channel because the same agent dialled again: that one is the agent now. */
const REPLACED = 4000;

/**
 * How long to wait before re-dial number `attempt` (0 first): exponential, capped, with full jitter
 * so a fleet cut off at once does not dial back in step.
 */
export function redialDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(REDIAL_MAX_MS, REDIAL_FIRST_MS * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** What the agent was sent in a session it joined: the input its shell ran, and why the session ended. */
export interface JoinedSession {
  input: string[];
  endReason: string | null;
  /** Resolves once the session's socket has closed. */
  closed: Promise<void>;
}

/**
 * The agent's side of live terminals: it dials its own channel to the server (nothing listens
 * on the endpoint), and for each session it is told of, joins the relay with its credential and
 * runs a restricted shell there. A channel that drops (a server restarting, a network cut) is
 * dialled again after a growing, jittered wait until it is back.
 */
export class TerminalChannel {
  private socket: WebSocket | null = null;
  private readonly sessions = new Set<WebSocket>();
  /** Each session joined, by its id (tests read what reached the agent). */
  readonly joined = new Map<string, JoinedSession>();
  private closed = false;
  private attempts = 0;
  private everOpened = false;
  private redialTimer: NodeJS.Timeout | undefined;
  /** Resolves each time the channel is open again after a drop (tests and the fleet log wait on it). */
  private reopened: (() => void)[] = [];
  private dropped: (() => void)[] = [];

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

  /** Opens the channel; resolves once the server has accepted it. Re-dials it whenever it drops. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = this.dial('/api/agent/v1/terminal');
      this.socket = socket;
      socket.once('open', () => {
        this.everOpened = true;
        this.attempts = 0;
        for (const tell of this.reopened.splice(0)) tell();
        resolve();
      });
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`terminal channel refused: ${response.statusCode}`));
        response.resume();
        // Closes the socket, which dials again when the channel had been open before.
        socket.terminate();
      });
      socket.on('error', reject);
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { type: string; session_id?: string };
        if (message.type === 'open' && message.session_id) this.join(message.session_id);
      });
      socket.once('close', (code) => {
        if (this.socket !== socket || this.closed || !this.everOpened || code === REPLACED) return;
        this.socket = null;
        for (const tell of this.dropped.splice(0)) tell();
        this.redial();
      });
    });
  }

  private redial() {
    const wait = redialDelay(this.attempts++);
    this.log(`${this.endpoint.hostName} terminal channel lost; dialling again in ${wait} ms`);
    this.redialTimer = setTimeout(() => {
      // A refused or failed dial closes its socket too, which schedules the next attempt.
      this.connect().catch(() => undefined);
    }, wait);
    this.redialTimer.unref();
  }

  /** Resolves once the channel has dropped (at once when it is down now). */
  whenDropped(): Promise<void> {
    if (this.socket === null) return Promise.resolve();
    return new Promise((resolve) => this.dropped.push(resolve));
  }

  /** Resolves once the channel is open again (at once when it is open now). */
  whenOpen(): Promise<void> {
    if (this.socket?.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve) => this.reopened.push(resolve));
  }

  private join(sessionId: string) {
    const shell = new RestrictedShell(this.endpoint);
    const socket = this.dial(`/api/agent/v1/terminal/sessions/${sessionId}`);
    this.sessions.add(socket);
    const send = (frame: object) =>
      socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(frame));
    const seen: JoinedSession = {
      input: [],
      endReason: null,
      closed: new Promise((resolve) => socket.once('close', () => resolve())),
    };
    this.joined.set(sessionId, seen);
    socket.on('open', () => send({ type: 'output', data: shell.banner() }));
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data?: string; reason?: string };
      if (message.type === 'end') seen.endReason = message.reason ?? null;
      if (message.type !== 'input' || typeof message.data !== 'string') return;
      seen.input.push(message.data);
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
    clearTimeout(this.redialTimer);
    for (const socket of this.sessions) socket.terminate();
    this.socket?.terminate();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
