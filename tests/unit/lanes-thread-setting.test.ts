import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

const lanesThread = (env: Record<string, string>) =>
  loadConfig({ PORT: '0', WATCHFLOOR_DATA: 'memory://', ...env }).lanesThread;

/** WATCHFLOOR_LANES_THREAD: whether one process's job lanes run on a thread of their own (PostgreSQL). */
describe('the job lanes thread setting', () => {
  it('is on unless set, and off with 0', () => {
    expect(lanesThread({})).toBe(true);
    expect(lanesThread({ WATCHFLOOR_LANES_THREAD: '1' })).toBe(true);
    expect(lanesThread({ WATCHFLOOR_LANES_THREAD: '0' })).toBe(false);
  });

  it('refuses anything but 0 or 1', () => {
    expect(() => lanesThread({ WATCHFLOOR_LANES_THREAD: 'yes' })).toThrow(
      'WATCHFLOOR_LANES_THREAD must be 0 or 1',
    );
  });
});
