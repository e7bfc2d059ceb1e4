import { describe, expect, it } from 'vitest';
import { STATUSES } from '../../src/common/statuses.ts';
import { allowedTargets, canTransition } from '../../src/common/transitions.ts';

describe('alert status transitions', () => {
  it('lets active statuses move among themselves and to resolutions', () => {
    expect(canTransition('new', 'acknowledged')).toBe(true);
    expect(canTransition('escalated', 'deferred')).toBe(true);
    expect(canTransition('open', 'false_positive')).toBe(true);
  });

  it('never returns to new, and reopens only resolved alerts', () => {
    for (const { key } of STATUSES) expect(allowedTargets(key)).not.toContain('new');
    expect(canTransition('open', 'reopened')).toBe(false);
    expect(canTransition('closed', 'reopened')).toBe(true);
    expect(canTransition('closed', 'open')).toBe(false);
    expect(allowedTargets('accepted_risk')).toEqual(['reopened']);
  });

  it('keeps preview and muted for the system', () => {
    for (const { key } of STATUSES) {
      expect(allowedTargets(key)).not.toContain('muted');
      expect(allowedTargets(key)).not.toContain('preview');
    }
    expect(canTransition('muted', 'open')).toBe(true);
  });

  it('knows nothing of unknown statuses', () => {
    expect(allowedTargets('exploded')).toEqual([]);
  });
});
