import { describe, expect, it } from 'vitest';
import { REDIAL_FIRST_MS, REDIAL_MAX_MS, redialDelay } from '../../tools/agent-simulator/terminal.ts';

describe('the simulated agent’s re-dial wait', () => {
  it('doubles from the first wait up to the cap, jittered within the upper half', () => {
    const lowest = (attempt: number) => redialDelay(attempt, () => 0);
    const highest = (attempt: number) => redialDelay(attempt, () => 1);
    expect([0, 1, 2, 3].map(highest)).toEqual([1, 2, 4, 8].map((n) => n * REDIAL_FIRST_MS));
    expect(lowest(0)).toBe(REDIAL_FIRST_MS / 2);
    expect(highest(40)).toBe(REDIAL_MAX_MS);
    expect(lowest(40)).toBe(REDIAL_MAX_MS / 2);
    expect(redialDelay(3, () => 0.5)).toBe(6 * REDIAL_FIRST_MS);
  });
});
