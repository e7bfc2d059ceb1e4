import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8431);
export const baseURL = `http://localhost:${port}`;
export const DEMO_PASSWORD = 'e2e-demo-password-Watchfloor';

/**
 * End-to-end tests in Debian's Chromium against the real server on a fresh embedded database,
 * seeded on first start with the demo data.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI, where the suite shares two cores with everything else; a retried test is
  // reported as flaky in the list, never hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      WATCHFLOOR_DEMO_PASSWORD: DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
    },
  },
});
