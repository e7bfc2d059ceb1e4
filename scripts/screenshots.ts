/**
 * `npm run screenshots`: a picture of every screen of the console at 1600x1000 and 1280x800, in
 * docs/screenshots/<width>x<height>/, with docs/screenshots/README.md linking them. It starts the built console on a fresh demo
 * database as the end-to-end tests do (scripts/e2e-server.mjs; build first with
 * `npx vite build`), signs in as the demo administrator (every labs feature on) and opens each
 * route of the route table (src/web/routes.ts) and each administration tab. A route with a
 * parameter is reached through the first link to it on its list; a route under another with a
 * parameter (a domain's lookalike) through the first link on the page taken for that one.
 *
 *   SCREENSHOTS_PORT (default 8440) and SYSLOG_PORT: where the server listens.
 *   SCREENSHOTS_URL and WATCHFLOOR_DEMO_PASSWORD: use a running server instead.
 *   CHROMIUM_PATH: the browser (default /usr/bin/chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ADMIN_TABS } from '../src/web/admin/admin-tabs.ts';
import { ROUTES } from '../src/web/routes.ts';

const VIEWPORTS = [
  { width: 1600, height: 1000 },
  { width: 1280, height: 800 },
];
const EMAIL = 'admin@watchfloor.example';
/** Routes that are no screen of their own for a signed-in person: they sign in or out, or leave. */
const SKIPPED = new Set(['login', 'login_callback', 'logout', 'connectors_chrome_redirect']);
const OUT = join(process.cwd(), 'docs', 'screenshots');
/** A route's path with its parameters unnamed: '/domains/:uid' and '/domains/:domainUid' are one page. */
const routeShape = (route: string) => route.replace(/:[^/]+/g, ':');
/** The routes without a parameter: a link to one of them is never a link to a route with one. */
const STATIC_PATHS = new Set(ROUTES.filter((r) => !r.path.includes(':')).map((r) => r.path));

const port = Number(process.env.SCREENSHOTS_PORT ?? 8440);
const baseURL = process.env.SCREENSHOTS_URL ?? `http://localhost:${port}`;
const password = process.env.WATCHFLOOR_DEMO_PASSWORD ?? 'screenshots-demo-password-Watchfloor';

/** A screen to take: its file name and how to reach it. */
interface Shot {
  name: string;
  /** The route's path as the route table writes it ('/cases/:id'). */
  route: string;
  path: string;
  /** For a route with a parameter: the list whose first matching link leads to it. */
  via?: { list: string; pattern: RegExp };
}

function shots(): Shot[] {
  const list: Shot[] = [];
  for (const route of ROUTES) {
    if (SKIPPED.has(route.name)) continue;
    if (!route.path.includes(':')) {
      list.push({ name: route.name, route: route.path, path: route.path });
      continue;
    }
    // An optional parameter ('/search/:id?') needs none; '/cases/:id' is reached from '/cases'.
    if (/\/:[^/]+\?$/.test(route.path)) {
      list.push({ name: route.name, route: route.path, path: route.path.replace(/\/:[^/]+\?$/, '') || '/' });
      continue;
    }
    const pattern = new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/?#]+')}$`);
    // The page one level up: a list, or a route with a parameter taken before this one.
    const list_ = route.path.slice(0, route.path.lastIndexOf('/')) || '/';
    list.push({ name: route.name, route: route.path, path: route.path, via: { list: list_, pattern } });
  }
  for (const tab of ADMIN_TABS) list.push({ name: `admin-${tab}`, route: '/admin', path: `/admin#${tab}` });
  list.push({ name: 'error_400', route: '/no-such-page', path: '/no-such-page' });
  return list;
}

async function startServer(): Promise<ChildProcess | null> {
  if (process.env.SCREENSHOTS_URL) return null;
  if (!existsSync('dist/web/index.html')) throw new Error('no dist/web: run `npx vite build` first');
  const server = spawn('node', ['scripts/e2e-server.mjs'], {
    // Its own process group, so that stopping it stops the server under npx and tsx too.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      WATCHFLOOR_DEMO_PASSWORD: password,
      LOG_LEVEL: 'warn',
    },
  });
  // The first start seeds the demo data: many minutes on a busy machine.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  stopServer(server);
  throw new Error(`the server did not answer on ${baseURL} within 10 minutes`);
}

/**
 * Waits until the screen has drawn: its own heading (not the session's loading screen), no large
 * spinner in the main area, the network quiet.
 */
async function settled(page: Page) {
  await page
    .locator('main h1:not(.loading-screen h1), .standalone h1')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('.loading-screen, main .spinner--large, main [aria-busy="true"]'),
      null,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  // Screens that refresh on a timer never go quiet for long: a short wait is enough then.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // A screen that moves on by itself (a redirect) may replace the page meanwhile: it settles anew.
  await page.evaluate(() => document.fonts.ready).catch(() => page.waitForLoadState('load'));
}

function stopServer(server: ChildProcess) {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

async function signIn(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('#email').waitFor({ timeout: 60_000 });
  await page.locator('#email').fill(EMAIL);
  await page.locator('#password').fill(password);
  await page.keyboard.press('Enter');
  await page.locator('main h1:not(.loading-screen h1)').first().waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const missing: string[] = [];
  const taken: { folder: string; file: string; name: string; path: string }[] = [];
  try {
    const storageState = await signIn(browser);
    rmSync(OUT, { recursive: true, force: true });
    for (const viewport of VIEWPORTS) {
      const folder = join(OUT, `${viewport.width}x${viewport.height}`);
      mkdirSync(folder, { recursive: true });
      const context = await browser.newContext({ baseURL, viewport, storageState });
      const page = await context.newPage();
      let index = 0;
      // The address each route with a parameter was taken at: the page its sub-routes are reached from.
      const takenAt = new Map<string, string>();
      for (const shot of shots()) {
        let path = shot.path;
        if (shot.via) {
          const from = shot.via.list.includes('/:') ? takenAt.get(routeShape(shot.via.list)) : shot.via.list;
          if (!from) {
            missing.push(`${viewport.width}x${viewport.height} ${shot.name}: ${shot.via.list} was not taken`);
            continue;
          }
          await page.goto(from);
          await settled(page);
          const hrefs = await page
            .locator('main a[href]')
            .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
          // A link to a route of its own ('/workflows/templates') is not one to this route.
          const found = hrefs.find((href) => {
            const linked = href.split(/[?#]/)[0]!;
            return shot.via!.pattern.test(linked) && !STATIC_PATHS.has(linked);
          });
          if (!found) {
            missing.push(`${viewport.width}x${viewport.height} ${shot.name}: no link to it on ${from}`);
            continue;
          }
          path = found;
        }
        await page.goto(path);
        await settled(page);
        takenAt.set(routeShape(shot.route), path);
        index += 1;
        const file = join(folder, `${String(index).padStart(2, '0')}-${shot.name}.png`);
        await page.screenshot({ path: file });
        taken.push({
          folder: `${viewport.width}x${viewport.height}`,
          file: file.slice(folder.length + 1),
          name: shot.name,
          path,
        });
        console.log(`${file}  ${path}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    if (server) stopServer(server);
  }
  for (const line of missing) console.log(`not taken: ${line}`);
  writeIndex(taken, missing);
}

/** docs/screenshots/README.md: each screen with its path, one column per viewport. */
function writeIndex(
  taken: { folder: string; file: string; name: string; path: string }[],
  missing: string[],
) {
  const folders = VIEWPORTS.map((v) => `${v.width}x${v.height}`);
  const names = [...new Set(taken.map((t) => t.name))];
  const lines = [
    '# Screenshots',
    '',
    "Every screen of the console (each route of the features' descriptors and each administration",
    'tab), signed in as the demo administrator on the seeded demo data. Taken by',
    '`npm run screenshots` (see scripts/screenshots.ts) against a built console.',
    '',
    `| screen | path | ${folders.join(' | ')} |`,
    `| --- | --- | ${folders.map(() => '---').join(' | ')} |`,
  ];
  for (const name of names) {
    const shots = folders.map((folder) => taken.find((t) => t.name === name && t.folder === folder));
    const path = shots.find(Boolean)?.path ?? '';
    const cells = shots.map((t) => (t ? `[${t.file}](${t.folder}/${t.file})` : 'not taken'));
    lines.push(`| ${name} | \`${path}\` | ${cells.join(' | ')} |`);
  }
  if (missing.length > 0) lines.push('', 'Not taken:', '', ...missing.map((line) => `- ${line}`));
  writeFileSync(join(OUT, 'README.md'), `${lines.join('\n')}\n`);
}

await main();
