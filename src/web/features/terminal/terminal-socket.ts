/** Why a session ended, as the server says it (areas/terminal/messages.ts). */
export type EndReason =
  | 'console'
  | 'agent'
  | 'agent_dropped'
  | 'console_dropped'
  | 'idle'
  | 'certificate'
  | 'server_stopping'
  | 'not_joined';

export interface TerminalSocketEvents {
  ready(): void;
  output(data: string): void;
  /** The server ended the session; `lost` when the socket closed without saying why. */
  ended(reason: EndReason | 'lost'): void;
}

/** The console's side of a session's socket: keystrokes and sizes out, output and the end in. */
export class TerminalSocket {
  private readonly socket: WebSocket;
  private endedSaid = false;
  /** Frames sent before the socket opened, sent when it does. */
  private readonly waiting: string[] = [];

  constructor(url: string, events: TerminalSocketEvents) {
    this.socket = new WebSocket(url);
    this.socket.onopen = () => {
      for (const frame of this.waiting.splice(0)) this.socket.send(frame);
    };
    this.socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data)) as { type: string; data?: string; reason?: EndReason };
      if (frame.type === 'ready') events.ready();
      else if (frame.type === 'output' && typeof frame.data === 'string') events.output(frame.data);
      else if (frame.type === 'ended' && !this.endedSaid) {
        this.endedSaid = true;
        events.ended(frame.reason ?? 'lost');
      }
    };
    this.socket.onclose = () => {
      if (this.endedSaid) return;
      this.endedSaid = true;
      events.ended('lost');
    };
  }

  private send(frame: object) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
    else if (this.socket.readyState === WebSocket.CONNECTING) this.waiting.push(JSON.stringify(frame));
  }

  input(data: string) {
    this.send({ type: 'input', data });
  }

  resize(cols: number, rows: number) {
    this.send({ type: 'resize', cols, rows });
  }

  /** Asks the server to end the session; it answers with `ended`. */
  end() {
    this.send({ type: 'end' });
  }

  /** Leaving the screen: the server ends the session as the console gone. */
  close() {
    this.endedSaid = true;
    this.socket.close();
  }
}
