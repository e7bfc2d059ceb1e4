/**
 * Counts failed sign-ins per client address in a sliding window. Only failures count, so
 * people (and end-to-end suites) who sign in often are never locked out, while guessing
 * passwords stops after `max` tries a minute. Per process and in memory: with several API
 * processes each one allows `max`, which still bounds guessing.
 */
export class FailedSignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the address has used up its failures for the window. */
  blocked(key: string): boolean {
    return this.recent(key).length >= this.max;
  }

  fail(key: string) {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
    // Bounded memory under a spray of addresses: forget every address whose window has passed.
    if (this.failures.size > 10_000) for (const address of [...this.failures.keys()]) this.recent(address);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length) this.failures.set(key, recent);
    else this.failures.delete(key);
    return recent;
  }
}
