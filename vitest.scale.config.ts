import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale`: several server processes on one PostgreSQL (TEST_DATABASE_URL), one of each
 * kind killed under load; an API process stopped past its terminal relay time-out and woken; one
 * process that serves and works, its job lanes on their own thread. Starting four servers takes longer than `npm test` allows a file, so it
 * runs on its own (`.ci/run` runs it after `npm test`).
 */
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    include: ['tests/scale/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
