import { expect, test } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo } from './support.ts';

/** Keyboard only: Tab walks the form and the details, Enter and Space press. */
test('an analyst creates a customer and adds a subscription, whose status change asks first', async ({
  page,
}) => {
  // Long Tab walks through the form and the details.
  test.slow();
  await signIn(page, ANALYST, '/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Customers' })).toBeVisible();
  await expectAccessible(page);

  const name = `Initech ${Date.now()}`;
  await tabTo(page, page.getByRole('button', { name: 'New customer' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New customer' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-an-email');
  // Enter in a field submits the form, as in any form.
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please enter a valid Email')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('it@initech.example');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const details = page.getByRole('region', { name });
  await expect(details).toContainText('No subscriptions: the customer is inactive.');
  await tabTo(page, details.getByLabel('Product'));
  await page.keyboard.type('Managed EDR');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Per user');
  await tabTo(page, details.getByRole('button', { name: 'Add subscription' }));
  await page.keyboard.press('Enter');
  const status = details.getByRole('combobox', { name: 'Status of Managed EDR' });
  await expect(status).toHaveValue('active');
  await expect(details.getByRole('cell', { name: 'Per user' })).toBeVisible();

  // The status select sits just above the form: back to it with Shift+Tab.
  await tabTo(page, details.getByLabel('Product'));
  for (let i = 0; i < 5 && !(await status.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(status).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const confirm = page.getByRole('alertdialog', { name: "Change the subscription's status?" });
  await expect(confirm).toContainText('Managed EDR changes from Active to Suspended.');
  await expectAccessible(page);
  await tabTo(page, confirm.getByRole('button', { name: 'Change status' }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(details.getByRole('combobox', { name: 'Status of Managed EDR' })).toHaveValue('suspended');

  // Agents and alerts: a test alert through the one alert path, an installer link by e-mail.
  await tabTo(page, details.getByRole('button', { name: 'Create test alert' }));
  await page.keyboard.press('Enter');
  const opened = details.getByRole('link', { name: /^Open test alert \d+$/ });
  await expect(opened).toBeVisible();
  await tabTo(page, details.getByRole('button', { name: 'Download agent…' }));
  await page.keyboard.press('Enter');
  const installer = page.getByRole('dialog', { name: `Agent installer for ${name}` });
  await expect(installer).toContainText(ANALYST);
  await tabTo(page, installer.getByRole('radio', { name: 'Windows' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(installer.getByRole('radio', { name: 'Linux' })).toBeChecked();
  await expectAccessible(page);
  await tabTo(page, installer.getByRole('button', { name: 'E-mail me the link' }));
  await page.keyboard.press('Enter');
  await expect(installer).toBeHidden();
  await expect(page.getByText(`The download link is on its way to ${ANALYST}.`)).toBeVisible();

  // The test alert opens from its link like any alert.
  await tabTo(page, opened);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Test alert/ })).toBeVisible();
});
