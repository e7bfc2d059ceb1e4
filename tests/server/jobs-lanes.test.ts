import { describe, expect, it } from 'vitest';
import { INTERACTIVE_KINDS, JOB_HANDLERS, laneHandlers } from '../../src/server/jobs/registry.ts';
import { LANES } from '../../src/server/jobs/types.ts';

describe('job lanes', () => {
  it('runs every job kind in exactly one lane: searches interactive, mail in its own', () => {
    const interactive = Object.keys(laneHandlers('interactive'));
    const mail = Object.keys(laneHandlers('mail'));
    expect(interactive).toEqual(['run-search']);
    expect(interactive).toEqual([...INTERACTIVE_KINDS]);
    expect(mail.sort()).toEqual(['deliver-mail', 'requeue-lost-mail']);
    expect(Object.keys(laneHandlers('background'))).not.toContain('run-search');
    const everyLane = LANES.flatMap((lane) => Object.keys(laneHandlers(lane)));
    expect(everyLane.sort()).toEqual(Object.keys(JOB_HANDLERS).sort());
  });
});
