/** Waits the given time; tests may pass their own. */
export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A token bucket for a provider's rate: `perMinute` requests a minute, at most `burst` at once.
 * `pauseUntil` holds every caller back until a time the provider named (Retry-After).
 */
export class TokenBucket {
  private tokens: number;
  private updated: number;
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perMinute: number,
    private readonly burst = 1,
    private readonly now: () => number = Date.now,
    private readonly sleep: Sleep = realSleep,
  ) {
    this.tokens = burst;
    this.updated = now();
  }

  /** How long the next caller would wait, in milliseconds. */
  waitMs(): number {
    this.refill();
    const paused = Math.max(0, this.pausedUntil - this.now());
    const short = this.tokens >= 1 ? 0 : ((1 - this.tokens) * 60_000) / this.perMinute;
    return Math.max(paused, short);
  }

  /** Takes one token, waiting for it; callers are served one after another. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (let wait = this.waitMs(); wait > 0; wait = this.waitMs()) await this.sleep(wait);
      this.tokens -= 1;
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** The provider said to wait: nobody calls before then. */
  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time);
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updated) * this.perMinute) / 60_000);
    this.updated = now;
  }
}
