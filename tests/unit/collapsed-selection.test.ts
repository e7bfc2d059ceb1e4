import { describe, expect, it } from 'vitest';
import { collapsedSelection } from '../../src/web/components/collapsed-selection.ts';

describe('a collapsed multi-select (spec 1 section 9)', () => {
  it('names up to three chosen items', () => {
    expect(collapsedSelection(['New'])).toBe('New');
    expect(collapsedSelection(['New', 'Open', 'Closed'])).toBe('New, Open, Closed');
  });
  it('then says how many more', () => {
    expect(collapsedSelection(['New', 'Open', 'Closed', 'Deferred', 'Escalated'])).toBe(
      'New, Open, Closed +2',
    );
  });
});
