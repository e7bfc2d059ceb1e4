import { expect } from '@playwright/test';
import { ADMIN, choose, expectAccessible, openPalette, signIn, tabTo, test, typeInto } from './support.ts';

/**
 * Keyboard only: the palette opens the reports; n builds a new one, a text part is added and moved above
 * the key figures, saved, and the PDF preview beside it is drawn again for the new version; the
 * report is scheduled monthly for a customer and sent now to the same recipient; the delivery log
 * shows the run sent with its stored PDF, and the administration's outbox holds the mail.
 */
test('an administrator builds a report, previews it, schedules it monthly and finds it sent', async ({
  page,
}) => {
  // The run renders and mails its PDF in the background: a journey longer than most.
  test.slow();
  await signIn(page, ADMIN, '/');
  await openPalette(page);
  await choose(page, 'reports', 'Reports');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(
    page.getByRole('grid', { name: 'Reports' }).or(page.getByText('No reports yet.')),
  ).toBeVisible();
  await expectAccessible(page);

  // n: a new report, named, private; the builder opens on it.
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New report' });
  const name = `Monthly review ${Date.now()}`;
  await typeInto(dialog.getByLabel('Name'), name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  const preview = page.getByRole('region', { name: 'Preview' });
  // The preview is rendered by the server's render threads: on a busy machine that takes a while.
  await expect(preview.locator('iframe[data-version="1"]')).toBeAttached({ timeout: 30_000 });

  // A text part is added at the end, written, then moved up above the key figures with Alt+↑.
  await tabTo(page, page.getByLabel('Add', { exact: true }));
  await expect(page.getByLabel('Add', { exact: true })).toHaveValue('body');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const textPart = page.getByRole('listitem', { name: 'Part 3 of 3: Text' });
  await expect(textPart).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  const moved = page.getByRole('listitem', { name: 'Part 2 of 3: Text' });
  await expect(moved).toBeFocused();
  await tabTo(page, moved.getByLabel(/^Text/));
  await page.keyboard.type('The **quarter** in short.');
  await expectAccessible(page);

  // Save: the version goes up and the preview is drawn again for it.
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('version 2')).toBeVisible();
  await expect(preview.locator('iframe[data-version="2"]')).toBeAttached();
  // Under the PDF, each data section's figures as the tables it prints.
  const figures = preview.getByRole('region', { name: 'Figures' });
  await expect(
    figures.getByRole('table', { name: 'Key figures' }).getByRole('row', { name: /^Alerts raised \d/ }),
  ).toBeVisible();

  // The palette's >preview goes to the preview.
  await openPalette(page);
  await choose(page, '>preview', 'Go to the report preview');
  await page.keyboard.press('Enter');
  await expect(preview).toBeFocused();

  // Scheduled monthly for a customer.
  const recipient = `finance${Date.now()}@acme.example`;
  const schedule = page.getByRole('region', { name: 'Schedule the report' });
  await tabTo(page, schedule.getByLabel('Customer'));
  await page.keyboard.press('ArrowDown');
  const customer = (await schedule.getByLabel('Customer').locator('option:checked').textContent()) ?? '';
  // Runs at 06:00 in the customer's own time zone, or UTC when it has none.
  await expect(schedule.getByText(/^Runs at 06:00 (in the customer's time zone|UTC)/)).toBeVisible();
  // Its Azure groups once read, or why there are none: no Microsoft integration, none in the
  // tenant, or a tenant another journey configured whose (fake) Graph has gone since.
  const groups = schedule.getByRole('group', { name: 'Azure groups' });
  const settled =
    /^(No Microsoft integration is configured|The customer's Microsoft tenant has no Azure groups|Some of the customer's Microsoft tenants could not be read|Unable to load the Azure groups)/;
  await expect(groups.getByText(settled).or(groups.getByRole('checkbox')).first()).toBeVisible();
  await tabTo(page, schedule.getByLabel('Recipients'));
  await page.keyboard.type(recipient);
  await page.keyboard.press('Enter');
  const schedules = page.getByRole('table', { name: "The report's schedules by customer" });
  await expect(
    schedules.getByRole('row', { name: new RegExp(`${customer}.*Monthly.*${recipient}.*All devices`) }),
  ).toBeVisible();

  // Sent now, as the schedule's run sends it: the log shows it sent with its PDF.
  const send = page.getByRole('region', { name: 'Send now' });
  await tabTo(page, send.getByLabel('Customer'));
  await page.keyboard.press('ArrowDown');
  await tabTo(page, send.getByLabel('Recipients'));
  await page.keyboard.type(recipient);
  await page.keyboard.press('Enter');
  const log = page.getByRole('table', { name: 'Delivery log' });
  const run = log.getByRole('row', { name: new RegExp(recipient) });
  await expect(run).toContainText('Sent', { timeout: 60_000 });
  const open = run.getByRole('button', { name: /^Open \(\d+ pages?\): the PDF sent for / });
  await expect(open).toBeVisible();
  await tabTo(page, open);
  await expectAccessible(page);

  // The outbox holds the mail to the recipient, its subject naming the report and customer.
  await openPalette(page);
  await choose(page, 'outbox', 'Administration: mail outbox');
  await page.keyboard.press('Enter');
  const outbox = page.getByRole('grid', { name: 'Mail in the outbox' });
  const mail = outbox.locator('[data-row-index]', { hasText: recipient });
  await expect(mail).toContainText(`${name}: ${customer}`);
});
