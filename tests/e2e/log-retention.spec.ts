import { expect } from '@playwright/test';
import {
  ANALYST,
  CUSTOMER_USER,
  choose,
  expectAccessible,
  openPalette,
  signIn,
  tabTo,
  test,
} from './support.ts';

/**
 * Keyboard only: the palette opens the log retention screen, j and Enter open a customer, the
 * usage chart turns into its table, and staff lengthen a retention at once and are asked before
 * shortening one (cancelled here: nothing is deleted).
 */
test('staff read a customer’s log retention and change it from the keyboard', async ({ page }) => {
  await signIn(page, ANALYST, '/');
  await openPalette(page, 'Control+k');
  await choose(page, 'Log retention', 'Log retention');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/log-retention$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log retention' })).toBeVisible();
  const first = page.getByRole('grid', { name: 'Log retention' }).locator('[data-row-index="0"]');
  await expect(first).toBeVisible();
  await expectAccessible(page);

  const customer = first.getByRole('button');
  const name = (await customer.textContent()) ?? '';
  await page.keyboard.press('j');
  await expect(customer).toBeFocused();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name });
  await expect(detail.getByRole('heading', { name: 'Stored now, by type' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Data usage over time' })).toBeVisible();
  await expectAccessible(page);

  const asTable = detail.getByRole('button', { name: 'Show as table' });
  await tabTo(page, asTable);
  await page.keyboard.press('Enter');
  await expect(asTable).toHaveAttribute('aria-pressed', 'true');
  const usage = detail.getByRole('region', { name: /Data usage over 90 days/ });
  await expect(usage.getByRole('row')).toHaveCount(91);

  const days = detail.getByRole('spinbutton', { name: 'Days kept' });
  const current = Number(await days.inputValue());
  await tabTo(page, days);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(current + 15));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${name} now keeps logs for ${current + 15} days.`)).toBeVisible();
  await expect(first.getByRole('gridcell').nth(1)).toHaveText(`${current + 15} days`);

  // Shortening asks first, saying what goes; Escape keeps everything.
  await tabTo(page, days);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Shorten the retention of ${name}?` });
  await expect(dialog).toContainText(`Logs will be kept for 1 day instead of ${current + 15}.`);
  await expect(dialog).toContainText(/will be deleted/);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(first.getByRole('gridcell').nth(1)).toHaveText(`${current + 15} days`);
});

test('a customer’s own user reads the retention without a form', async ({ page }) => {
  await signIn(page, CUSTOMER_USER, '/log-retention');
  const detail = page.locator('.retention-detail');
  await expect(detail.getByText('Your service provider sets how long your logs are kept.')).toBeVisible();
  await expect(detail.getByRole('spinbutton')).toHaveCount(0);
  await expectAccessible(page);
});
