import { expect, type Page } from '@playwright/test';
import { ANALYST, signIn, tabTo, test } from './support.ts';

/** Keyboard only: Tab reaches fields and buttons, Esc closes, g + letter navigates. */

const leaveQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });

test('a customer dialog with something typed asks before Esc closes it', async ({ page }) => {
  await signIn(page, ANALYST, '/customers');
  await expect(page.getByRole('grid', { name: 'Customers' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'New customer' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New customer' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Umbrella');

  await page.keyboard.press('Escape');
  const question = leaveQuestion(page);
  await expect(question).toBeVisible();
  // Staying is the focused answer: Enter keeps the dialog and what was typed.
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel('Name')).toHaveValue('Umbrella');

  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await tabTo(page, question.getByRole('button', { name: 'Leave and discard' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
});

test('a profile form with something typed asks before a g key leaves the page', async ({ page }) => {
  await signIn(page, ANALYST, '/profile');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await tabTo(page, name);
  await page.keyboard.type('Nightly export');
  // Out of the text field, so the g keys work again.
  await page.keyboard.press('Tab');
  await expect(name).not.toBeFocused();

  await page.keyboard.press('g');
  await page.keyboard.press('a');
  const question = leaveQuestion(page);
  await expect(question).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(name).toHaveValue('Nightly export');

  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(question).toBeVisible();
  await tabTo(page, question.getByRole('button', { name: 'Leave and discard' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
});

test('the customers list shows only the customers picked in the customer filter', async ({ page }) => {
  await signIn(page, ANALYST, '/customers');
  const grid = page.getByRole('grid', { name: 'Customers' });
  const rows = grid.locator('[role="row"]').filter({ has: page.getByRole('gridcell') });
  await expect(rows.nth(2)).toBeVisible();

  const trigger = page.getByRole('button', { name: /Customer filter/ });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await expect(search).toBeFocused();
  await page.keyboard.type('Acme');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(trigger).toContainText('Acme Corp');

  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Acme Corp');
});
