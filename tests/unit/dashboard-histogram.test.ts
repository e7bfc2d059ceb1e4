import { describe, expect, it } from 'vitest';
import { histogramQuantile } from '../../src/server/areas/dashboard/response-times.ts';

/** percentile_cont over plain values, as the raw SQL computes it. */
function percentileCont(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  return sorted[below]! + (position - below) * (sorted[Math.ceil(position)]! - sorted[below]!);
}

/** The histogram the rollup keeps: buckets 20% wide with count and sum (alert_response_bucket). */
function histogram(values: number[]) {
  const buckets = new Map<number, { alerts: number; seconds: number }>();
  for (const v of values) {
    const bucket = Math.max(0, Math.floor(Math.log(Math.max(v, 1)) / Math.log(1.2)));
    const entry = buckets.get(bucket) ?? { alerts: 0, seconds: 0 };
    entry.alerts += 1;
    entry.seconds += v;
    buckets.set(bucket, entry);
  }
  return [...buckets].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}

describe('response-time histogram quantiles', () => {
  it('answers nothing for no alerts', () => {
    expect(histogramQuantile([], 0.5)).toBeNull();
  });

  it('matches percentile_cont when each bucket holds equal times', () => {
    const values = [600, 1800, 5400, 300, 300];
    for (const p of [0.5, 0.9])
      expect(histogramQuantile(histogram(values), p)).toBeCloseTo(percentileCont(values, p));
  });

  it('stays within 10% of percentile_cont over many spread times', () => {
    let state = 7;
    const values = Array.from({ length: 5000 }, () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return 60 + (state / 2 ** 31) ** 3 * 86_400;
    });
    for (const p of [0.5, 0.9]) {
      const exact = percentileCont(values, p);
      expect(Math.abs(histogramQuantile(histogram(values), p)! - exact) / exact).toBeLessThan(0.1);
    }
  });
});
