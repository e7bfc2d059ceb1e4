import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../playwright.config.ts';
import { expectAccessible } from './support.ts';

const ADMIN = 'admin@watchfloor.example';
const ANALYST = 'analyst@watchfloor.example';

/** Signs in on the identity provider's page from the keyboard, as a person does. */
async function signInAtIdp(page: Page, email: string) {
  await expect(page.getByLabel(/^e-?mail$/i)).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
}

/** Presses Tab until the target has focus (keyboard only). */
async function tabTo(page: Page, target: Locator, limit = 30) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('an administrator impersonates the analyst and ends the impersonation', async ({ page }) => {
  await page.goto('/admin');
  await signInAtIdp(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await expect(search).toBeFocused();
  await expect(page.getByRole('row', { name: new RegExp(ADMIN) })).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.type(ANALYST);
  const row = page.getByRole('row', { name: new RegExp(ANALYST) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(ADMIN) })).toHaveCount(0);

  const impersonate = row.getByRole('button', { name: 'Impersonate' });
  await tabTo(page, impersonate);
  await page.keyboard.press('Enter');

  // The dashboard, as the analyst, with the impersonation named in the admin menu.
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const impersonation = page.getByRole('button', { name: `Impersonation menu, viewing as ${ANALYST}` });
  await expect(impersonation).toBeVisible();
  await impersonation.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(`Impersonating as ${ADMIN}`)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'End Impersonation' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Back as the administrator, on the users admin page.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Impersonation menu/ })).toHaveCount(0);
});

test('the analyst, not an administrator, cannot open /admin', async ({ page }) => {
  await page.goto('/admin');
  await signInAtIdp(page, ANALYST);
  await expect(page).toHaveURL(/\/error\/403$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized Access' })).toBeVisible();
});

test('Back after starting an impersonation returns to the page before, never to Unauthorized Access', async ({
  page,
}) => {
  await page.goto('/');
  await signInAtIdp(page, ADMIN);
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeVisible();
  await page.goto('/admin');
  await page.keyboard.type(ANALYST);
  const row = page.getByRole('row', { name: new RegExp(ANALYST) });
  await expect(page.getByRole('row', { name: new RegExp(ADMIN) })).toHaveCount(0);
  await tabTo(page, row.getByRole('button', { name: 'Impersonate' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Impersonation menu, viewing as ${ANALYST}` })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized Access' })).toHaveCount(0);
});
