import { defineConfig } from 'vitest/config';

const shared = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
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
          include: ['tests/server/**/*.test.{ts,tsx}'],
          // API test files build their own app on their own database and close it, so a worker
          // can keep its loaded modules (Fastify, the IdP, PGlite's WebAssembly) from one file to
          // the next: loading them again for every file cost about a third of the run.
          isolate: false,
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'web',
          // Web, machine and unit tests replace timers, globals and modules per file: isolated.
          include: ['tests/{unit,machines,web,contract}/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
