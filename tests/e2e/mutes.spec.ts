import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

const ANALYST = 'analyst@watchfloor.example';

test('an analyst creates a mute, sees it active, unmutes it and finds it inactive', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts/muted');
  await expect(page.getByRole('heading', { level: 1, name: 'Mute conditions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Active/ })).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('n');
  const form = page.getByRole('form', { name: 'New mute' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('radio', { name: '1 day' })).toBeChecked();
  await form.getByRole('button', { name: 'Create mute' }).click();
  await expect(form.getByText('Please select a customer')).toBeVisible();
  await expect(form.getByText('Please provide a value.')).toBeVisible();

  const marker = `e2e-backup-${Date.now()}`;
  await form.getByLabel('Customer').selectOption({ label: 'Acme Corp' });
  await form.getByRole('combobox', { name: 'Field' }).fill('title');
  await form.getByRole('combobox', { name: 'Operator' }).selectOption('contains');
  await form.getByRole('textbox', { name: 'Value' }).fill(marker);
  await form.getByRole('textbox', { name: 'Description' }).fill('Nightly backup noise');
  // The radio is drawn by its label (segmented control); the label takes the click.
  await form.locator('label', { hasText: '1 hour' }).click();
  await expect(form.getByRole('radio', { name: '1 hour' })).toBeChecked();
  await form.getByRole('button', { name: 'Create mute' }).click();

  const details = page.getByRole('complementary', { name: 'Mute details' });
  await expect(details).toBeVisible();
  await expect(details).toContainText(marker);
  await expect(details).toContainText('Active');
  const tabpanel = page.getByRole('tabpanel');
  await expect(tabpanel.getByRole('button', { name: new RegExp(marker) })).toBeVisible();

  await details.getByRole('button', { name: 'Unmute' }).click();
  const question = page.getByRole('alertdialog', { name: 'Unmute' });
  await expect(question).toContainText('Unmute this condition? New matching alerts will no longer be muted.');
  await question.getByRole('button', { name: 'Unmute' }).click();
  await expect(question).toBeHidden();
  await expect(details).toContainText('Inactive');
  await expect(tabpanel.getByRole('button', { name: new RegExp(marker) })).toBeHidden();

  await page.getByRole('tab', { name: /Inactive/ }).click();
  const row = tabpanel.getByRole('button', { name: new RegExp(marker) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Inactive');
});
