/** A recording stops growing past this size (a runaway `yes` must not fill the database). */
export const RECORDING_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A session's recording in asciicast v2: a JSON header line, then one `[seconds, code, data]`
 * line per event, `o` for output, `i` for input and `r` for a resize (`"120x40"`).
 */
export class AsciicastRecorder {
  private readonly lines: string[] = [];
  private readonly startedAt = performance.now();
  private bytes = 0;
  truncated = false;

  constructor(private readonly header: { width: number; height: number; timestamp: number; title: string }) {}

  add(code: 'o' | 'i' | 'r', data: string): void {
    this.addEncoded(code, JSON.stringify(data));
  }

  /** As add, with the data already JSON-encoded (the relay encodes a keystroke once for the wire and here). */
  addEncoded(code: 'o' | 'i' | 'r', json: string): void {
    if (this.truncated) return;
    const seconds = Math.round(performance.now() - this.startedAt) / 1000;
    const line = `[${seconds},"${code}",${json}]`;
    if (this.bytes + line.length > RECORDING_MAX_BYTES) {
      this.truncated = true;
      return;
    }
    this.bytes += line.length + 1;
    this.lines.push(line);
  }

  text(): string {
    const header = JSON.stringify({ version: 2, ...this.header, env: { TERM: 'xterm-256color' } });
    return `${[header, ...this.lines].join('\n')}\n`;
  }
}
