import { describe, expect, it } from 'vitest';
import { classify, confidenceOf, riskBreakdown, riskOf } from '../../../src/server/areas/domains/risk.ts';
import {
  advance,
  type LookalikeState,
  type Tracked,
  UNREGISTERED,
} from '../../../src/server/areas/domains/state.ts';

const LIVE: LookalikeState = { registered: true, resolves: true, hasMx: false, servesPage: true };
const start: Tracked = { state: UNREGISTERED, pending: null, pendingCount: 0, stableCount: 0 };

function run(observations: (LookalikeState | null)[]) {
  let tracked = start;
  const changes: number[] = [];
  observations.forEach((o, i) => {
    const next = advance(tracked, o);
    if (next.changed) changes.push(i);
    tracked = next;
  });
  return { tracked, changes };
}

describe('lookalike state', () => {
  it('changes after two agreeing scans, once', () => {
    const { tracked, changes } = run([LIVE, LIVE, LIVE]);
    expect(changes).toEqual([1]);
    expect(tracked.state).toEqual(LIVE);
    expect(tracked.stableCount).toBe(3);
  });

  it('never flips on answers that flap, and learns nothing from failures', () => {
    expect(run([LIVE, UNREGISTERED, LIVE, UNREGISTERED, LIVE]).changes).toEqual([]);
    const { tracked, changes } = run([LIVE, null, LIVE]);
    expect(changes).toEqual([2]);
    expect(tracked.state).toEqual(LIVE);
  });
});

describe('risk breakdown', () => {
  it('adds each factor with its weight and explains it', () => {
    const factors = riskBreakdown({
      fuzzer: 'homoglyph',
      state: { ...LIVE, hasMx: true },
      wildcard: false,
      addresses: ['192.0.2.1'],
      mx: ['mx.evil.example'],
      ageDays: 3,
      popularity: null,
    });
    expect(factors.map((f) => [f.factor, f.weight])).toEqual([
      ['fuzzer', 25],
      ['has_mx', 25],
      ['serves_page', 20],
      ['resolves', 10],
      ['young', 20],
    ]);
    expect(riskOf(factors)).toBe(100);
    expect(
      riskBreakdown({
        fuzzer: 'addition',
        state: UNREGISTERED,
        wildcard: false,
        addresses: [],
        mx: [],
        ageDays: null,
        popularity: null,
      }),
    ).toEqual([]);
  });

  it('classifies by state and caps confidence for wildcards and pending changes', () => {
    expect(classify(UNREGISTERED)).toBe('unregistered');
    expect(classify({ ...LIVE, hasMx: true })).toBe('phishing');
    expect(classify({ ...LIVE, servesPage: false, resolves: false, hasMx: true })).toBe('mail');
    expect(classify({ ...LIVE, servesPage: false })).toBe('parked');
    expect(confidenceOf(3, false, false)).toBe(100);
    expect(confidenceOf(3, true, false)).toBe(50);
    expect(confidenceOf(3, false, true)).toBe(60);
  });
});
