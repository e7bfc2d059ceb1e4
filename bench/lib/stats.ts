/** Percentile of a sample (nearest-rank). */
export function percentile(sample: readonly number[], p: number): number {
  if (sample.length === 0) return Number.NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Times fn `runs` times after `warmup` untimed runs; returns milliseconds per run. */
export async function timeRuns(fn: () => Promise<unknown>, runs: number, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

export interface Figure {
  name: string;
  p50: number;
  p95: number;
  baselineP95?: number;
  target?: string;
}

/** Prints one line per figure: p50, p95, the baseline's p95 and the ratio to it. */
export function report(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  for (const f of figures) {
    const ratio = f.baselineP95
      ? `  ratio ${(f.p95 / f.baselineP95).toFixed(2)}x (baseline p95 ${f.baselineP95.toFixed(2)} ms)`
      : '';
    const target = f.target ? `  target ${f.target}` : '';
    console.log(
      `  ${f.name.padEnd(44)} p50 ${f.p50.toFixed(2).padStart(8)} ms  p95 ${f.p95.toFixed(2).padStart(8)} ms${ratio}${target}`,
    );
  }
}
