import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8431);
const syslogPort = Number(process.env.SYSLOG_PORT ?? 5514);
/**
 * The assistant's model: a local fake speaking the chat completions protocol. Only the consoles
 * of this run reach it, by the name localhost, which OUTBOUND_ALLOW_HOSTS allows for them alone;
 * every other internal address stays refused.
 */
const modelPort = Number(process.env.E2E_MODEL_PORT ?? port + 1000);
/**
 * Each worker has a console of its own (its own port, data folder and seeded demo), so journeys
 * in two workers never see each other's changes: `E2E_WORKERS=1` runs them one after another.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
/**
 * The seeded demo every worker's console starts from a copy of: seeded once a run, by `npm test`
 * beside the unit tests or else by the first console to start (scripts/e2e-demo.mjs). Kept in the
 * environment, so the config read again names the same folder.
 */
const demoTemplate =
  process.env.E2E_DEMO_TEMPLATE ?? join(tmpdir(), `watchfloor-e2e-demo-${randomBytes(6).toString('hex')}`);
process.env.E2E_DEMO_TEMPLATE = demoTemplate;
/** The console the worker with this parallel index talks to. */
export const serverURL = (index: number) => `http://localhost:${port + index}`;
export const baseURL = serverURL(0);
/**
 * `E2E_CPU_THROTTLE=4` slows every page's CPU four times (tests/e2e/support.ts) to show the tests
 * that act before the page is ready. Waits end when the page is ready, so their limits grow with
 * the slowdown, twice over as it comes on top of the machine's own: a limit passed is a page that
 * never got there, not a slow one.
 */
const throttle = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1);
const limits = throttle > 1 ? 2 * throttle : 1;

/**
 * Chromium keeps only the last `--disable-features` it is given, so this one repeats Playwright's
 * own list (playwright-core's chromiumSwitches.ts) and adds the address bar's popup: since
 * Chromium 151 every new window (each test's browser context) builds that popup's page in a
 * renderer of its own, headless too, which doubled the browser's CPU for each context a journey
 * opens.
 */
const disabledFeatures = [
  // Playwright's.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // The address bar's popup, built for every window.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/**
 * Debian's headless shell (package chromium-headless-shell, built from the same Chromium source)
 * when it is installed, else the full browser. The shell leaves out the browser's windows and
 * their pages, which the full browser builds for every browser context even headless: the
 * journeys took about 35 % less of Chromium's CPU with it. `CHROMIUM_PATH` picks another, as a
 * run with `--headed` needs the full browser.
 */
function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : '/usr/bin/chromium';
}

export default defineConfig({
  testDir: 'tests/e2e',
  // A ceiling, not a wait: the longest journeys take about a minute on a busy two-core machine,
  // and a slower one must not fail them for that.
  timeout: 120_000 * limits,
  expect: { timeout: 10_000 * limits },
  fullyParallel: false,
  workers,
  // One retry in CI, where the suite shares two cores with everything else; a retried test is
  // reported as flaky in the list, never hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A trace is recorded when a failed test runs again (CI retries once), not for every test:
    // recording one (screencast, DOM snapshots) took about a third of the journeys' CPU.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${disabledFeatures.join(',')}`,
      ],
    },
  },
  webServer: [
    {
      command: `npx tsx tests/e2e/fake-model-server.ts ${modelPort}`,
      url: `http://127.0.0.1:${modelPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    {
      // Every worker's console, started at once (scripts/e2e-consoles.mjs); it says when all answer.
      command: 'node scripts/e2e-consoles.mjs',
      wait: { stdout: /All \d+ consoles answer/ },
      // A first start seeds the demo data: minutes on a busy machine.
      timeout: 300_000,
      reuseExistingServer: false,
      // Asked to stop, not killed, so each console removes its data folder.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        E2E_CONSOLES: JSON.stringify(
          Array.from({ length: workers }, (_, index) => ({
            PORT: String(port + index),
            SYSLOG_PORT: String(syslogPort + index),
            PUBLIC_URL: serverURL(index),
          })),
        ),
        E2E_DEMO_TEMPLATE: demoTemplate,
        LOG_LEVEL: 'warn',
        ASSISTANT_BASE_URL: `http://localhost:${modelPort}/v1`,
        ASSISTANT_MODEL: 'fake-e2e',
        OUTBOUND_ALLOW_HOSTS: 'localhost',
        // Journeys that wait on background work due minutes later wind the jobs' clock instead.
        WATCHFLOOR_TEST_CLOCK: '1',
      },
    },
  ],
});
