import { expect } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo, test } from './support.ts';

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
  // The time zone its report schedules run in, checked before sending; the language its reports print in.
  await tabTo(page, dialog.getByLabel('Time zone'));
  await page.keyboard.type('Europe/Nowhere');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Enter an IANA time zone such as Europe/Helsinki.')).toBeVisible();
  await expect(dialog.getByLabel('Time zone')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Europe/Helsinki');
  await tabTo(page, dialog.getByLabel('Report language'));
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Report language')).toHaveValue('fi-FI');
  await tabTo(page, page.getByRole('button', { name: 'Create customer' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const details = page.getByRole('region', { name });
  await expect(details.getByRole('definition').filter({ hasText: 'Europe/Helsinki' })).toBeVisible();
  await expect(details.getByRole('definition').filter({ hasText: 'Suomi' })).toBeVisible();
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

test("an analyst edits a customer's Chrome extension policy and reads its compliance data by size", async ({
  page,
}) => {
  test.slow();
  await signIn(page, ANALYST, '/customers');
  await expect(page.getByRole('grid', { name: 'Customers' })).toBeVisible();
  // Only customers with a compliance SKU: the seed gives Acme Corp one.
  await tabTo(page, page.getByRole('checkbox', { name: 'Has compliance SKU' }));
  await page.keyboard.press('Space');
  const open = page.getByRole('grid', { name: 'Customers' }).getByRole('button', { name: 'Acme Corp' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: 'Acme Corp' });
  await expect(details).toBeVisible();

  // The Chrome extension policy: a bad domain is refused under its field, then saved and reopened.
  await tabTo(page, details.getByRole('button', { name: 'Chrome extension policy…' }));
  await page.keyboard.press('Enter');
  const policy = page.getByRole('dialog', { name: 'Chrome extension policy for Acme Corp' });
  const enabled = policy.getByRole('checkbox', { name: 'Extension enabled' });
  await tabTo(page, enabled);
  if (!(await enabled.isChecked())) await page.keyboard.press('Space');
  await tabTo(page, policy.getByRole('combobox', { name: 'Known-bad and lookalike domains' }));
  await page.keyboard.press('End');
  await expect(policy.getByRole('combobox', { name: 'Known-bad and lookalike domains' })).toHaveValue(
    'block',
  );
  const blocked = `blocked-${Date.now()}.example`;
  await tabTo(page, policy.getByLabel('Blocked domains'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`${blocked}\nnot a domain`);
  await expectAccessible(page);
  await tabTo(page, policy.getByRole('button', { name: 'Save policy' }));
  await page.keyboard.press('Enter');
  await expect(policy.getByText('Please provide a valid domain name. (not a domain)')).toBeVisible();
  await tabTo(page, policy.getByLabel('Blocked domains'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type(blocked);
  await tabTo(page, policy.getByRole('button', { name: 'Save policy' }));
  await page.keyboard.press('Enter');
  await expect(policy).toBeHidden();
  await expect(page.getByText('Chrome extension policy saved')).toBeVisible();

  await tabTo(page, details.getByRole('button', { name: 'Chrome extension policy…' }));
  await page.keyboard.press('Enter');
  await expect(policy.getByLabel('Blocked domains')).toHaveValue(blocked);
  await expect(policy.getByRole('checkbox', { name: 'Extension enabled' })).toBeChecked();
  await expect(policy.getByRole('combobox', { name: 'Known-bad and lookalike domains' })).toHaveValue(
    'block',
  );
  await expect(policy.getByRole('link', { name: 'Download managed policy' })).toHaveAttribute(
    'href',
    /\/chrome-policy\/managed$/,
  );
  await page.keyboard.press('Escape');
  await expect(policy).toBeHidden();

  // Compliance data: the metered volume, filtered by daily size in bytes.
  await tabTo(page, details.getByRole('button', { name: 'Compliance data…' }));
  await page.keyboard.press('Enter');
  const compliance = page.getByRole('dialog', { name: 'Compliance data for Acme Corp' });
  await expect(compliance.getByText(/^Stored: [\d,]+ bytes in [\d,]+ events\.$/)).toBeVisible();
  const days = compliance.getByRole('table', { name: 'Stored volume by day and type' });
  await expect(days.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await tabTo(page, compliance.getByLabel('Minimum daily bytes'));
  await page.keyboard.type('1000000000000');
  await page.keyboard.press('Enter');
  await expect(compliance.getByText('No stored log data matches these filters.')).toBeVisible();
  await expect(compliance.getByText('Stored: 0 bytes in 0 events.')).toBeVisible();
  await tabTo(page, compliance.getByLabel('Minimum daily bytes'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(days.getByRole('row').nth(1)).toBeVisible();
  await expect(compliance.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    /[?&]min_bytes=1(&|$)/,
  );
  await page.keyboard.press('Escape');
  await expect(compliance).toBeHidden();
});
