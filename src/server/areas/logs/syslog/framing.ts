/** Longest syslog message accepted over TCP; a longer frame means a broken or hostile sender. */
export const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Splits a TCP byte stream into syslog messages (RFC 6587): a frame starting with a digit is
 * octet-counted (`<length> <message>`), any other is ended by a newline (a trailing CR dropped).
 * A sender may mix both. Bytes are kept until a frame is whole, so a chunk may end anywhere.
 */
export class SyslogFramer {
  private buffer: Buffer = Buffer.alloc(0);

  /** The whole messages the chunk completes; throws when a frame is too long or malformed. */
  push(chunk: Buffer): string[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const messages: string[] = [];
    for (;;) {
      const message = this.next();
      if (message === null) break;
      if (message !== '') messages.push(message);
    }
    if (this.buffer.length > MAX_FRAME_BYTES + 8) throw new Error('syslog frame too long');
    return messages;
  }

  /** What is left when the sender closes: a last newline-framed message without its newline. */
  end(): string[] {
    const rest = this.buffer.toString('utf8').replace(/\r?\n?$/, '');
    this.buffer = Buffer.alloc(0);
    return rest.trim() === '' ? [] : [rest];
  }

  private next(): string | null {
    const first = this.buffer[0];
    if (first === undefined) return null;
    if (first >= 0x30 && first <= 0x39) {
      const space = this.buffer.indexOf(0x20);
      if (space === -1) {
        if (this.buffer.length > 8) throw new Error('syslog frame length is not a number');
        return null;
      }
      const length = Number(this.buffer.subarray(0, space).toString('latin1'));
      if (!Number.isInteger(length) || length > MAX_FRAME_BYTES)
        throw new Error('syslog frame length is not a number');
      if (this.buffer.length < space + 1 + length) return null;
      const message = this.buffer.subarray(space + 1, space + 1 + length).toString('utf8');
      this.buffer = this.buffer.subarray(space + 1 + length);
      return message.replace(/\r?\n$/, '');
    }
    const newline = this.buffer.indexOf(0x0a);
    if (newline === -1) return null;
    const message = this.buffer.subarray(0, newline).toString('utf8').replace(/\r$/, '');
    this.buffer = this.buffer.subarray(newline + 1);
    return message;
  }
}
