import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../playwright.config.ts';

export const ADMIN = 'admin@watchfloor.example';
export const ANALYST = 'analyst@watchfloor.example';
export const CUSTOMER_USER = 'user@acme.example';

/**
 * Opens `path`, signs in on the identity provider's page with the keyboard, as a person does
 * (type the e-mail, Tab, type the password, Enter), and waits for the console's sidebar.
 */
export async function signIn(page: Page, email: string, path = '/') {
  await page.goto(path);
  await expect(page.locator('#email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.locator('#password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: /./ }).locator('a[href="/alerts"]')).toBeVisible();
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
