import { describe, expect, it } from 'vitest';
import { compactNumber } from '../../src/common/format.ts';

describe('compactNumber (spec 1 section 9: K, M, G, T per 1000 with one decimal)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [999_949, '999.9K'],
    [999_999, '1.0M'],
    [5_600_000, '5.6M'],
    [2_000_000_000, '2.0G'],
    [3_400_000_000_000, '3.4T'],
    [-1500, '-1.5K'],
  ])('%d reads %s', (value, text) => {
    expect(compactNumber(value)).toBe(text);
  });
});
