/**
 * The real console on a temporary PGlite data folder seeded by the seed generator, and Chromium
 * signed in to it: what the browser benches (omnibox, alert list filter) measure against.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const BENCH_PASSWORD = 'bench-demo-password-Watchfloor';

export interface SeededConsole {
  base: string;
  dataDir: string;
  /** Runs the seed generator with these arguments (e.g. `--alerts 100000`). */
  seed(args: readonly string[]): Promise<void>;
  /** Starts the server and waits until /api/health answers. */
  start(): Promise<void>;
  /** Stops the server (if started) and removes the data folder. */
  close(): Promise<void>;
}

export function seededConsole(port: number): SeededConsole {
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'watchfloor-bench-'));
  const env = {
    ...process.env,
    WATCHFLOOR_DATA: dataDir,
    DATABASE_URL: '',
    WATCHFLOOR_DEMO_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'warn',
  };
  // Its own process group, so stopping it also stops the node process that npx starts.
  const run = (args: readonly string[], extra: Record<string, string> = {}): ChildProcess =>
    spawn('npx', ['tsx', ...args], {
      env: { ...env, ...extra },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
  const up = () =>
    fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  let server: ChildProcess | null = null;

  return {
    base,
    dataDir,
    async seed(args) {
      console.log(`Seeding ${args.join(' ')} into ${dataDir}…`);
      const child = run(['src/server/seed/cli.ts', ...args]);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      if (code !== 0) throw new Error(`seeding failed with exit code ${code}`);
    },
    async start() {
      if (await up()) throw new Error(`port ${port} is already in use; set BENCH_PORT`);
      server = run(['src/server/main.ts'], { PORT: String(port), PUBLIC_URL: base });
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if (await up()) return;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error('the server did not start within 180 s');
    },
    async close() {
      if (server) await stopGroup(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Ends the child's whole process group: SIGTERM, then SIGKILL if it is still there after 10 s. */
export async function stopGroup(child: ChildProcess) {
  const group = child.pid;
  if (group === undefined) return;
  const alive = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(-group, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  if (alive()) process.kill(-group, 'SIGKILL');
}

/** Chromium with one page signed in as the demo analyst at `path`; close the browser when done. */
export async function signedInPage(base: string, path: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  // tsx compiles the benches with esbuild's keepNames, whose __name helper the page lacks.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.goto(`${base}${path}`);
  await page.locator('#email').fill('analyst@watchfloor.example');
  await page.locator('#password').fill(BENCH_PASSWORD);
  await page.keyboard.press('Enter');
  return { browser, page };
}
