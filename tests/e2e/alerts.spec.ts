import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, tabTo, test } from './support.ts';

const ANALYST = 'analyst@watchfloor.example';
const CUSTOMER_USER = 'user@acme.example';

const grid = (page: Page) => page.getByRole('grid', { name: 'Alerts' });
const rows = (page: Page) => grid(page).locator('[role="row"][data-alert-id]');

/** Waits until every page of alerts has arrived (the grid is no longer busy). */
async function waitForAlerts(page: Page) {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible();
}

async function filterTo(page: Page, text: string) {
  await page.keyboard.press('f');
  const filter = page.getByRole('searchbox', { name: 'Filter alerts' });
  await expect(filter).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  // Escape hands the keys back to the list, keeping the filter.
  await page.keyboard.press('Escape');
  await expect(filter).not.toBeFocused();
}

test('an analyst triages a batch by keyboard, then works one alert', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts');
  await waitForAlerts(page);
  await expectAccessible(page);

  await filterTo(page, 'status:new');
  await expect(rows(page).first().locator('[data-status]')).toHaveText('New');

  // j moves, x selects: three alerts.
  for (const key of ['j', 'x', 'j', 'x', 'j', 'x']) await page.keyboard.press(key);
  const selected = rows(page).and(page.locator('[aria-selected="true"]'));
  await expect(selected).toHaveCount(3);
  const ids = await selected.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-alert-id'))));
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible();

  // u opens the bulk update; only statuses allowed for all three are offered.
  await page.keyboard.press('u');
  const dialog = page.getByRole('dialog', { name: 'Update 3 alerts' });
  await expect(dialog).toBeVisible();
  const status = dialog.getByLabel('Status');
  await expect(status).toBeFocused();
  await expect(status.locator('option[value="new"]')).toHaveCount(0);
  await status.selectOption('false_positive');
  await tabTo(page, dialog.getByLabel('Comment'));
  await page.keyboard.type('Benign vulnerability scanner, confirmed with the customer.');
  await tabTo(page, dialog.getByRole('button', { name: 'Review' }));
  await page.keyboard.press('Enter');

  const confirm = page.getByRole('dialog', { name: 'Change 3 alerts?' });
  await expect(confirm.getByText('Status becomes False Positive')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Update 3 alerts' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByText('3 updated')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('3 selected', { exact: true })).toHaveCount(0);

  // The list shows the new statuses (merged from the server, not guessed).
  for (const id of ids) {
    await filterTo(page, `id:${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().locator('[data-status]')).toHaveText('False Positive');
  }

  // Enter opens the focused alert; its activity records the change and the comment.
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/alerts/${ids.at(-1)}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  const activity = page.locator('section[aria-labelledby="alert-activity"]');
  await expect(activity.getByText('New → False Positive')).toBeVisible();
  await expect(page.locator('.alert-detail__meta [data-status]')).toHaveText('False Positive');

  // c comments; the private box is for staff.
  await page.keyboard.press('c');
  const comment = page.getByRole('textbox', { name: 'Comment' });
  await expect(comment).toBeFocused();
  await page.keyboard.type('Scanner IP 10.0.0.5 is on the allow list.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Control+Enter');
  const posted = page.locator('.comment').filter({ hasText: 'Scanner IP 10.0.0.5 is on the allow list.' });
  await expect(posted).toBeVisible();
  await expect(posted.getByText('Private')).toBeVisible();
  await expect(comment).toHaveValue('');

  // p changes the priority.
  await page.keyboard.press('Escape');
  await page.keyboard.press('p');
  const change = page.getByRole('dialog', { name: 'Change priority' });
  const value = change.getByLabel('Change to');
  await expect(value).toBeFocused();
  await value.selectOption('critical');
  await tabTo(page, change.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(change).toHaveCount(0);
  await expect(page.locator('.alert-detail__meta [data-priority]')).toHaveText('Critical');
  await expect(activity.getByText(/→ Critical/)).toBeVisible();

  // Esc goes back to the list.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/alerts$/);
});

test('a customer user sees only the alerts of their own customer', async ({ page }) => {
  await signIn(page, CUSTOMER_USER, '/alerts');
  await waitForAlerts(page);
  await page.getByLabel('Rows').selectOption('100');
  const customers = await rows(page).locator('.list-cell--customer_id').allTextContents();
  expect(customers.length).toBeGreaterThan(10);
  expect(new Set(customers)).toEqual(new Set(['Acme Corp']));

  await filterTo(page, 'northwind');
  await expect(page.getByText('No alerts match these filters.')).toBeVisible();
});

test('the page size offers exactly 10, 25, 50 and 100 rows, 10 by default', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts');
  await waitForAlerts(page);
  const size = page.getByRole('combobox', { name: 'Rows' });
  await expect(size).toHaveValue('10');
  await expect(rows(page)).toHaveCount(10);
  expect(await size.locator('option').allTextContents()).toEqual(['10', '25', '50', '100']);
});

test('an alert’s details open and close in place with d', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts');
  await waitForAlerts(page);
  await page.keyboard.press('j');
  const first = rows(page).first();
  await page.keyboard.press('d');
  const details = first.getByRole('gridcell', { name: 'Details', exact: true });
  await expect(details).toContainText('Host name');
  await expect(details).toContainText('Type');
  await page.keyboard.press('d');
  await expect(details).toHaveCount(0);
});

test('the alert list says when the network failed, and loads again after Try again', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts');
  await waitForAlerts(page);
  // The network fails (fetch rejects) for the next load: a new date range.
  await page.route('**/api/alerts/v1/alerts/?*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('combobox', { name: 'Created' }).selectOption({ label: 'Last 30 days' });
  // In place of the rows: the list's own message with its retry (the toast has none).
  const failed = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
  await expect(failed).toHaveText(/Connection error, check your connection then try again/);
  await page.unroute('**/api/alerts/v1/alerts/?*');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await waitForAlerts(page);
});

test('an alert that is slow to load says to wait, then shows', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts');
  await waitForAlerts(page);
  const link = rows(page).first().getByRole('link').first();
  const id = /\/alerts\/(\d+)/.exec((await link.getAttribute('href')) ?? '')![1];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/alerts/v1/alerts/${id}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/alerts/${id}$`));
  const slow = page.getByRole('status').filter({ hasText: 'Things are taking a while, please wait…' });
  await expect(slow).toBeVisible();
  release();
  await expect(slow).toHaveCount(0);
  await expect(page.locator('.page:not([hidden])').getByRole('heading', { level: 1 })).toBeVisible();
});
