import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { baseURL, DEMO_PASSWORD } from '../../playwright.config.ts';

export const ADMIN = 'admin@watchfloor.example';
export const ANALYST = 'analyst@watchfloor.example';
export const CUSTOMER_USER = 'user@acme.example';

/** The session each person got from their first sign-in, per origin: `${origin} ${email}`. */
const sessions = new Map<string, string>();
const SESSION_KEY = 'watchfloor.session';

const sidebar = (page: Page) => page.getByRole('navigation', { name: /./ }).locator('a[href="/alerts"]');

/** The screen of the address has drawn (keys go to it from here), beside the sidebar. */
async function screenShown(page: Page) {
  await expect(sidebar(page)).toBeVisible();
  await expect(page.locator('main h1').first()).toBeVisible();
}

/**
 * Opens `path` signed in as `email`. The first time per person (and origin) in a run it signs in
 * on the identity provider's page with the keyboard, as a person does (type the e-mail, Tab, type
 * the password, Enter); later tests start from that person's stored session, as a browser that
 * stayed signed in would. A session a test ended (log out, impersonation) is met by the sign-in
 * page, and the person signs in again there.
 */
export async function signIn(page: Page, email: string, path = '/') {
  const origin = new URL(path, baseURL).origin;
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
    await expect(sidebar(page).or(page.locator('#email'))).toBeVisible();
    if (await sidebar(page).isVisible()) return screenShown(page);
    sessions.delete(key);
  }
  await expect(page.locator('#email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.locator('#password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await screenShown(page);
  const token = await page.evaluate(
    (name) => JSON.parse(localStorage.getItem(name) ?? '{}').token,
    SESSION_KEY,
  );
  if (token) sessions.set(key, JSON.stringify({ token }));
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
 * Runs axe on the page as it is now and expects no serious or critical violation. The check
 * that a control's accessible name contains its visible text (label-content-name-mismatch) is
 * still experimental in axe, so it is switched on here: speech users say what they see.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
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
