import { afterAll, vi } from 'vitest';

/**
 * The API test workers run one file after another in the same process (vitest.config.ts,
 * `isolate: false`): a file that fakes timers or replaces a method and does not put them back
 * would break every file after it. Whatever a file left behind is undone when it ends.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
