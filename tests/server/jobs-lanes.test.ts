import { describe, expect, it } from 'vitest';
import { INTERACTIVE_KINDS, JOB_HANDLERS, laneHandlers } from '../../src/server/jobs/registry.ts';

describe('job lanes', () => {
  it('runs every job kind in exactly one lane, searches in the interactive one', () => {
    const interactive = Object.keys(laneHandlers('interactive'));
    const background = Object.keys(laneHandlers('background'));
    expect(interactive).toEqual(['run-search']);
    expect(interactive).toEqual([...INTERACTIVE_KINDS]);
    expect(background).not.toContain('run-search');
    expect([...interactive, ...background].sort()).toEqual(Object.keys(JOB_HANDLERS).sort());
  });
});
