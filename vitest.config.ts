import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files whose worth is in slow, end-to-end durability (a process killed mid-work and the next
 * one finding what it left; a whole report rendered and read back as text and pictures): kept out
 * of `npm test` and run by `npm run test:slow` (WATCHFLOOR_SLOW_TESTS=1), which CI runs after it
 * (.ci/run).
 */
const SLOW_TESTS = [
  'tests/server/reports/golden.test.ts',
  'tests/server/logs/ingest-crash.test.ts',
  'tests/server/jobs-crash.test.ts',
  'tests/server/workflows/kill-worker.test.ts',
  // Crash recovery of triage, agent actions, exports and report runs: about a minute a database.
  'tests/server/crash/*.test.ts',
  // Every id-taking operation with five kinds of credential: about 75 s a database.
  'tests/server/tenancy-matrix.test.ts',
  // Migrates a database of the older release from nothing, then to now: about 100 s.
  'tests/server/migrate-from-older.test.ts',
];
/** The contract fuzz draws new inputs each run: `npm run test:fuzz` (FUZZ_SEED replays a run). */
const FUZZ_TESTS = ['tests/server/fuzz/contract-fuzz.test.ts'];
const fuzzRun = process.env.WATCHFLOOR_FUZZ === '1';
const slowRun = process.env.WATCHFLOOR_SLOW_TESTS === '1';

/** The unit, machine and web test files (unit/, machines/, web/ and contract/ under tests/). */
const WEB_TESTS = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .filter((path) => /^(unit|machines|web|contract)\/.*\.test\.tsx?$/.test(path))
  .map((path) => `tests/${path}`);
/** Of those, the files that replace a module with `vi.mock` or `vi.doMock`. */
const MODULE_REPLACING_TESTS = WEB_TESTS.filter((path) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(path, 'utf8')),
);
const WEB_SETUP_FILES = ['tests/helpers/dom-downloads.ts', 'tests/helpers/web-file-hygiene.ts'];

const shared = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // A larger young generation: building an app and a database allocates hundreds of megabytes of
  // short-lived objects, and collecting them in Node 20's 16 MB semi-spaces was about a fifth of a
  // build (the API tests took about 10 % less CPU with 64 MB).
  execArgv: ['--max-semi-space-size=64'] as string[],
} as const;

export default defineConfig({
  test: {
    // Vitest's default here was one worker; the API tests wait on the database half the time,
    // so two files at once use both cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'api',
          include: fuzzRun ? FUZZ_TESTS : slowRun ? SLOW_TESTS : ['tests/server/**/*.test.{ts,tsx}'],
          exclude:
            slowRun || fuzzRun
              ? configDefaults.exclude
              : [...configDefaults.exclude, ...SLOW_TESTS, ...FUZZ_TESTS],
          // API test files build their own app on their own database and close it, so a worker
          // can keep its loaded modules (Fastify, the IdP, PGlite's WebAssembly) from one file to
          // the next: loading them again for every file cost about a third of the run.
          isolate: false,
          globalSetup: ['tests/helpers/global-setup.ts'],
          // The contract's parse is kept per worker (the app is built two or more times a file), and
          // what a file faked or stubbed is undone when it ends.
          setupFiles: ['tests/helpers/contract-parsed-once.ts', 'tests/helpers/api-file-hygiene.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'web',
          // Like the API tests, one file after another in a worker that keeps its loaded modules
          // (React, i18next, XState, the page): loading them again for every file was most of
          // this project's time. What a file leaves behind is undone after it (the setup file).
          include:
            slowRun || fuzzRun ? [] : WEB_TESTS.filter((path) => !MODULE_REPLACING_TESTS.includes(path)),
          isolate: false,
          setupFiles: WEB_SETUP_FILES,
        },
      },
      {
        test: {
          ...shared,
          name: 'web-isolated',
          // A file that replaces a module (vi.mock) needs a module graph of its own, or the modules
          // an earlier file loaded would keep the original.
          include: slowRun || fuzzRun ? [] : MODULE_REPLACING_TESTS,
          setupFiles: WEB_SETUP_FILES,
        },
      },
    ],
  },
});
