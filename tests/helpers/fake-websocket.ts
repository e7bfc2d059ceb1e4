import { vi } from 'vitest';

/**
 * The browser's WebSocket, as far as the console's terminal socket uses it: frames sent, opened
 * and spoken to by the test as the server, closed.
 */
export class FakeSocket {
  static readonly OPEN = 1;
  static readonly CONNECTING = 0;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  /** The frames sent, parsed. */
  frames(): unknown[] {
    return this.sent.map((frame) => JSON.parse(frame));
  }
  close() {
    this.readyState = 3;
  }
  /** The server's side accepts the socket. */
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The server's side says a frame (accepting the socket first when it has not yet). */
  say(frame: object) {
    if (this.readyState === 0) this.open();
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

/** The sockets not closed yet. */
export const openSockets = () => FakeSocket.all.filter((s) => s.readyState !== 3);

/** A fresh list of sockets, and the fake in place of the browser's WebSocket. */
export function installFakeSocket(): void {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
}
