import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { serverURL } from '../../playwright.config.ts';
import { axeResults } from './axe.ts';
import { DEMO_PASSWORD } from './demo-password.ts';

export const ADMIN = 'admin@watchfloor.example';
export const ANALYST = 'analyst@watchfloor.example';
export const CUSTOMER_USER = 'user@acme.example';

/** The session each person got from their first sign-in, per origin: `${origin} ${email}`. */
const sessions = new Map<string, string>();
const SESSION_KEY = 'watchfloor.session';

/**
 * `E2E_CPU_THROTTLE=4` runs every page with its CPU slowed four times (Chromium's own throttling),
 * as on a slow or busy machine: a test that types before a field has focus, or before a list is
 * drawn, fails here instead of now and then in CI.
 */
const cpuThrottle = Number(process.env.E2E_CPU_THROTTLE ?? 1);
if (!(cpuThrottle >= 1))
  throw new Error(`E2E_CPU_THROTTLE must be 1 or more, got ${process.env.E2E_CPU_THROTTLE}`);

async function slowDown(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
}

/** Every page of the context, the first and those opened later (a second tab, a popup). */
function slowDownEveryPage(context: BrowserContext) {
  context.on('page', (page) => void slowDown(page).catch(() => undefined));
}

/**
 * Playwright's `test`, with every page slowed as `E2E_CPU_THROTTLE` asks: the fixture's page,
 * the pages of its context and those of contexts a test opens on the browser.
 */
export const test = base.extend({
  // Each worker talks to its own console (playwright.config.ts).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(serverURL(testInfo.parallelIndex));
  },
  context: async ({ context }, use) => {
    if (cpuThrottle > 1) slowDownEveryPage(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    if (cpuThrottle > 1) await slowDown(page);
    await use(page);
  },
  browser: [
    async ({ browser }, use) => {
      if (cpuThrottle > 1) {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          slowDownEveryPage(context);
          return context;
        };
        const newPage = browser.newPage.bind(browser);
        browser.newPage = async (options) => {
          const page = await newPage(options);
          await slowDown(page);
          return page;
        };
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
});

/** The address of the console this test's worker talks to. */
export const workerURL = () => serverURL(test.info().parallelIndex);

const sidebar = (page: Page) => page.getByRole('navigation', { name: /./ }).locator('a[href="/alerts"]');

/**
 * The heading of the screen itself. While the session is checked the layout is drawn already,
 * with a "Logging in" or "Loading" status in the screen's place; the console's keys (g and a
 * letter, `/`, a list's j and k) act only once the screen has replaced it.
 */
const screenHeading = (page: Page) => page.locator('main h1:not(.loading-screen h1)').first();

/** The screen of the address has drawn beside the sidebar: keys go to it from here. */
export async function screenShown(page: Page) {
  await expect(sidebar(page)).toBeVisible();
  await expect(screenHeading(page)).toBeVisible();
}

/**
 * Opens `path` signed in as `email`. The first time per person (and origin) in a run it signs in
 * on the identity provider's page with the keyboard, as a person does (type the e-mail, Tab, type
 * the password, Enter); later tests start from that person's stored session, as a browser that
 * stayed signed in would. A session a test ended (log out, impersonation) is met by the sign-in
 * page, and the person signs in again there.
 */
export async function signIn(page: Page, email: string, path = '/') {
  const origin = new URL(path, workerURL()).origin;
  const key = `${origin} ${email}`;
  const stored = sessions.get(key);
  if (stored) {
    // Any page of the origin will do to write its storage; the health answer is the lightest.
    await page.goto(`${origin}/api/health`);
    await page.evaluate(({ name, value }) => localStorage.setItem(name, value), {
      name: SESSION_KEY,
      value: stored,
    });
  }
  await page.goto(path);
  if (stored) {
    // The stored session is checked first: the screen follows, or the sign-in page when it ended.
    await expect(screenHeading(page).or(page.locator('#email'))).toBeVisible();
    if (await screenHeading(page).isVisible()) return screenShown(page);
    sessions.delete(key);
  }
  await signInAtIdp(page, email);
  await screenShown(page);
  const token = await page.evaluate(
    (name) => JSON.parse(localStorage.getItem(name) ?? '{}').token,
    SESSION_KEY,
  );
  if (token) sessions.set(key, JSON.stringify({ token }));
}

/**
 * On the identity provider's sign-in page, from the keyboard: the e-mail, Tab, the password, Enter,
 * each typed once its field has focus.
 */
export async function signInAtIdp(page: Page, email: string, password = DEMO_PASSWORD) {
  await typeInto(page.locator('#email'), email);
  await page.keyboard.press('Tab');
  await typeInto(page.locator('#password'), password);
  await page.keyboard.press('Enter');
}

/**
 * Types into a field once it has focus, as a person does who looks before typing: keys pressed
 * while the field is still being drawn, or before the key that moves to it took effect, go to
 * whatever had focus instead.
 */
export async function typeInto(field: Locator, text: string) {
  await expect(field).toBeFocused();
  await field.page().keyboard.type(text);
}

export const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

/**
 * Opens the command palette with `/` or Ctrl+K and waits until its search box has focus, so what
 * is typed next is a search. Returns the box.
 */
export async function openPalette(page: Page, key: '/' | 'Control+k' = '/') {
  await page.keyboard.press(key);
  const box = palette(page).getByRole('combobox', { name: 'Search across the platform' });
  await expect(box).toBeFocused();
  return box;
}

/**
 * Types into the open palette and waits until the highlighted option is the one named, so Enter
 * runs it and not the option that was first before the list narrowed.
 */
export async function choose(page: Page, text: string, option: string | RegExp) {
  await typeInto(palette(page).getByRole('combobox', { name: 'Search across the platform' }), text);
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(option);
}

/** Presses Tab until the target has focus (keyboard only). */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * Runs axe on the page as it is now (or on the part `within` selects) and expects no serious or
 * critical violation. The check that a control's accessible name contains its visible text
 * (label-content-name-mismatch) is still experimental in axe, so it is switched on here: speech
 * users say what they see.
 */
export async function expectAccessible(page: Page, within?: string) {
  const results = await axeResults(
    page,
    // Only the violations are read: axe then leaves out the nodes that passed, most of its answer.
    { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] },
    within,
  );
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/** Tabs to a field and types into it, replacing what it held. */
export async function fill(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Runs the console's background jobs this many seconds ahead of the wall clock (0: back to it). */
export async function windJobClock(request: APIRequestContext, seconds: number) {
  const wound = await request.put('/test/clock', { data: { offset_seconds: seconds } });
  expect(wound.status(), await wound.text()).toBe(200);
}
