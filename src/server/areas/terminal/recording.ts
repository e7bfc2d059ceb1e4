/** A recording stops growing past this size (a runaway `yes` must not fill the database). */
export const RECORDING_MAX_BYTES = 4 * 1024 * 1024;
/** Recorded text waiting past this size is written at once rather than at the next second. */
export const CHUNK_BYTES = 32 * 1024;

/**
 * A session's recording in asciicast v2: a JSON header line, then one `[seconds, code, data]`
 * line per event, `o` for output, `i` for input and `r` for a resize (`"120x40"`). It keeps only
 * the lines not yet written: `take()` hands them over as one chunk of the recording's text.
 */
export class AsciicastRecorder {
  private pending: string[];
  private pendingBytes: number;
  private readonly startedAt = performance.now();
  private bytes: number;
  truncated = false;

  constructor(
    header: { width: number; height: number; timestamp: number; title: string },
    /** Told when the waiting lines reach CHUNK_BYTES (called on the keystroke path: it must not wait). */
    private readonly onFull: () => void = () => {},
  ) {
    const line = JSON.stringify({ version: 2, ...header, env: { TERM: 'xterm-256color' } });
    this.pending = [line];
    this.pendingBytes = line.length + 1;
    this.bytes = this.pendingBytes;
  }

  add(code: 'o' | 'i' | 'r', data: string): void {
    this.addEncoded(code, JSON.stringify(data));
  }

  /**
   * As add, with the data already JSON-encoded (as it came in the frame, or encoded once for the
   * wire and here); `at` is the performance.now() of the event when the caller has it already.
   */
  addEncoded(code: 'o' | 'i' | 'r', json: string, at = performance.now()): void {
    if (this.truncated) return;
    const seconds = Math.round(at - this.startedAt) / 1000;
    const line = `[${seconds},"${code}",${json}]`;
    if (this.bytes + line.length > RECORDING_MAX_BYTES) {
      this.truncated = true;
      return;
    }
    this.bytes += line.length + 1;
    this.pending.push(line);
    this.pendingBytes += line.length + 1;
    if (this.pendingBytes >= CHUNK_BYTES) this.onFull();
  }

  /** Whether lines are waiting to be taken. */
  get holdsLines(): boolean {
    return this.pending.length > 0;
  }

  /** The lines recorded since the last take, as text (each ends with a newline), or null. */
  take(): string | null {
    if (this.pending.length === 0) return null;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    this.pendingBytes = 0;
    return text;
  }

  /** A chunk that could not be written goes back in front of what was recorded since. */
  putBack(text: string): void {
    this.pending.unshift(text.slice(0, -1));
    this.pendingBytes += text.length;
  }
}
