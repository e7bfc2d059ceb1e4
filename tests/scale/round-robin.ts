/**
 * A client in front of several API processes, as a load balancer does it: each request goes to the
 * next node in turn. A node that refuses the connection never saw the request, so it is sent to the
 * next one and the node is left out from then on; a request that was on its way when its node died
 * fails (it may or may not have been done, so only the caller may decide to repeat it).
 */
export interface Failure {
  node: string;
  path: string;
  reason: string;
}

export class RoundRobinClient {
  private next = 0;
  private readonly down = new Set<string>();
  readonly failures: Failure[] = [];
  /** Answers of 500 or more, by node: a live node must never give one. */
  readonly serverErrors: Failure[] = [];
  /** Milliseconds each answered request took, in the order they ended (the soak reads and clears it). */
  readonly latencies: number[] = [];

  constructor(private readonly bases: readonly string[]) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    for (let tried = 0; tried < this.bases.length; tried++) {
      const base = this.bases[this.next++ % this.bases.length]!;
      if (this.down.has(base)) continue;
      try {
        const started = performance.now();
        const response = await fetch(`${base}${path}`, init);
        this.latencies.push(performance.now() - started);
        if (response.status >= 500)
          this.serverErrors.push({
            node: base,
            path,
            reason: `${response.status} ${await response.clone().text()}`,
          });
        return response;
      } catch (error) {
        const code = causeCode(error);
        this.down.add(base);
        if (code === 'ECONNREFUSED') continue;
        this.failures.push({ node: base, path, reason: code ?? String(error) });
        throw error;
      }
    }
    throw new Error(`no API process answers ${path}`);
  }
}

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code;
}
