import { expect, type Page } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo, test } from './support.ts';

/**
 * Keyboard only: no test here moves or clicks the mouse. n opens the form (which takes the
 * focus), Tab walks its fields, j/k/x work the list and Esc closes what is open.
 */

const tabpanel = (page: Page) => page.getByRole('tabpanel');
/** A mute's name in its row: the button that opens its details, which j and k focus. */
const row = (page: Page, marker: string) => tabpanel(page).getByRole('button', { name: new RegExp(marker) });
/** The whole row of a mute, with its state, customer and dates. */
const wholeRow = (page: Page, marker: string) => tabpanel(page).getByRole('row').filter({ hasText: marker });

/** Writes a new mute for Acme Corp on `title contains <marker>`, expiring after one hour. */
async function createMute(page: Page, marker: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Mute conditions' })).toBeVisible();
  await page.keyboard.press('n');
  const form = page.getByRole('form', { name: 'New mute' });
  await expect(form).toBeVisible();
  const customer = form.getByLabel('Customer');
  await expect(customer).toBeFocused();
  await page.keyboard.type('Acme');
  await expect(customer.locator('option:checked')).toHaveText('Acme Corp');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('combobox', { name: 'Field' })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('title');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('combobox', { name: 'Operator' })).toBeFocused();
  await page.keyboard.type('contains');
  await expect(form.getByRole('combobox', { name: 'Operator' })).toHaveValue('contains');
  await page.keyboard.press('Tab');
  await page.keyboard.type(marker);
  await tabTo(page, form.getByRole('textbox', { name: 'Description' }));
  await page.keyboard.type('Nightly backup noise');
  // The expiry is a radio group: Tab lands on the checked 1 day, the arrow picks 1 hour.
  await page.keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: '1 day' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(form.getByRole('radio', { name: '1 hour' })).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Create mute' }));
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: 'Mute details' });
  await expect(details).toContainText(marker);
  await expect(details).toContainText('Active');
  await expect(row(page, marker)).toBeVisible();
}

test('an analyst creates a mute, sees it active, unmutes it and finds it inactive', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts/muted');
  await expect(page.getByRole('heading', { level: 1, name: 'Mute conditions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Active/ })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  // An empty form says what is missing.
  await page.keyboard.press('n');
  const form = page.getByRole('form', { name: 'New mute' });
  await expect(form.getByRole('radio', { name: '1 day' })).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Create mute' }));
  await page.keyboard.press('Enter');
  await expect(form.getByText('Please select a customer')).toBeVisible();
  await expect(form.getByText('Please provide a value.')).toBeVisible();
  await tabTo(page, form.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();

  const marker = `e2e-backup-${Date.now()}`;
  await createMute(page, marker);

  const details = page.getByRole('complementary', { name: 'Mute details' });
  await tabTo(page, details.getByRole('button', { name: 'Unmute' }));
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Unmute' });
  await expect(question).toContainText('Unmute this condition? New matching alerts will no longer be muted.');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Unmute' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(details).toContainText('Inactive');
  await expect(row(page, marker)).toBeHidden();

  // Esc closes the details; the tabs switch with the arrow keys.
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await tabTo(page, page.getByRole('tab', { name: /Active/ }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /Inactive/ })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, marker)).toBeVisible();
  await expect(wholeRow(page, marker)).toContainText('Inactive');
});

test('x selects two active mutes and >unmute unmutes both after asking', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts/muted');
  const first = `e2e-first-${Date.now()}`;
  const second = `e2e-second-${Date.now()}`;
  await createMute(page, first);
  await page.keyboard.press('Escape');
  await createMute(page, second);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary', { name: 'Mute details' })).toBeHidden();

  const indexOf = async (marker: string) =>
    Number(await wholeRow(page, marker).getAttribute('data-row-index'));
  const a = await indexOf(first);
  const b = await indexOf(second);
  // j reaches the first row, then one row per press.
  for (let i = 0; i <= a; i++) await page.keyboard.press('j');
  await expect(row(page, first)).toBeFocused();
  await page.keyboard.press('x');
  for (let i = 0; i < Math.abs(b - a); i++) await page.keyboard.press(b > a ? 'j' : 'k');
  await expect(row(page, second)).toBeFocused();
  await page.keyboard.press('x');
  await expect(page.getByText('2 mutes selected')).toBeVisible();

  await page.keyboard.press('/');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByText('2 mutes selected')).toBeVisible();
  await page.keyboard.type('>unmute');
  await page.keyboard.press('Enter');
  await expect(
    palette.getByText('Unmute 2 mutes? New matching alerts will no longer be muted.'),
  ).toBeVisible();
  await expect(palette.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.locator('.toast').filter({ hasText: 'Unmuted 2 mutes' })).toBeVisible();
  await expect(row(page, first)).toBeHidden();
  await expect(row(page, second)).toBeHidden();
});

test('a half-written mute asks before Esc closes it or a g key leaves the page', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts/muted');
  await expect(page.getByRole('heading', { level: 1, name: 'Mute conditions' })).toBeVisible();
  await page.keyboard.press('n');
  const form = page.getByRole('form', { name: 'New mute' });
  await tabTo(page, form.getByRole('textbox', { name: 'Description' }));
  await page.keyboard.type('Half written');

  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  // Staying is the focused answer: Enter keeps the form and what was typed.
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveValue('Half written');

  // Out of the text field, so the g keys work again.
  await tabTo(page, form.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/alerts\/muted$/);
  await tabTo(page, question.getByRole('button', { name: 'Leave and discard' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
});

test('a half-written mute asks before another row or a new mute replaces it', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts/muted');
  const first = `e2e-keep-${Date.now()}`;
  const second = `e2e-other-${Date.now()}`;
  await createMute(page, first);
  await page.keyboard.press('Escape');
  await createMute(page, second);
  await page.keyboard.press('Escape');
  const details = page.getByRole('complementary', { name: 'Mute details' });
  await expect(details).toBeHidden();
  const indexOf = async (marker: string) =>
    Number(await wholeRow(page, marker).getAttribute('data-row-index'));
  const a = await indexOf(first);
  const b = await indexOf(second);

  // The first mute, opened and edited: its description changed, then out of the text field.
  for (let i = 0; i <= a; i++) await page.keyboard.press('j');
  await expect(row(page, first)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(details).toContainText(first);
  await tabTo(page, details.getByRole('button', { name: 'Edit conditions' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Edit mute' });
  const description = form.getByRole('textbox', { name: 'Description' });
  await tabTo(page, description);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' (changed)');
  await tabTo(page, form.getByRole('button', { name: 'Cancel' }));

  // j to the other mute and Enter: the question, Stay (the focused answer) keeps everything.
  for (let i = 0; i < Math.abs(b - a); i++) await page.keyboard.press(b > a ? 'j' : 'k');
  await expect(row(page, second)).toBeFocused();
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(question).toContainText('This mute has unsaved changes.');
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(description).toHaveValue('Nightly backup noise (changed)');
  await expect(row(page, second)).toBeFocused();

  // Again, and Leave: the other mute shows, the change is gone.
  await page.keyboard.press('Enter');
  await expect(question).toBeVisible();
  await tabTo(page, question.getByRole('button', { name: 'Leave and discard' }));
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(details).toContainText(second);
  await expect(form).toBeHidden();

  // The same with n: a new mute's form only once the changes may go.
  await tabTo(page, details.getByRole('button', { name: 'Edit conditions' }));
  await page.keyboard.press('Enter');
  await tabTo(page, description);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' (changed)');
  await tabTo(page, form.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('n');
  await expect(question).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(description).toHaveValue('Nightly backup noise (changed)');
  await expect(page.getByRole('form', { name: 'New mute' })).toBeHidden();
  await page.keyboard.press('n');
  await expect(question).toBeVisible();
  await tabTo(page, question.getByRole('button', { name: 'Leave and discard' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'New mute' })).toBeVisible();
  await expect(form).toBeHidden();
});
