import { expect, type Page } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo, test } from './support.ts';

const card = (page: Page, title: string) =>
  page
    .locator('section.dashboard-card')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) });
const alertRows = (page: Page) =>
  page.getByRole('grid', { name: 'Alerts' }).locator('[role="row"][data-alert-id]');

/**
 * Keyboard only: the dashboard draws its charts; t shows them as tables and back; a bar of the
 * open alerts chart, reached with the arrow keys, opens its customer's alerts in that status on
 * Enter, and a bar of alerts over time opens that priority's alerts of that day.
 */
test('the dashboard draws its charts and Enter on a bar opens the matching alerts', async ({ page }) => {
  await signIn(page, ANALYST, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const title of [
    'Alerts over time',
    'Open alerts by customer',
    'Time to acknowledge and close',
    'Top alert types',
    'Agent health',
  ]) {
    await expect(card(page, title).locator('.dashboard-chart canvas').first()).toBeVisible();
  }
  await expectAccessible(page);

  // t: every chart as a table, each value a link to its list; t again: charts.
  await page.keyboard.press('t');
  const table = card(page, 'Open alerts by customer').getByRole('table', {
    name: 'Open alerts by customer and status',
  });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Acknowledged' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('t');
  await expect(table).toHaveCount(0);

  // The customer with most open alerts comes first; its first status is New.
  const chart = card(page, 'Open alerts by customer').getByRole('application');
  await tabTo(page, chart);
  await page.keyboard.press('ArrowRight');
  const said = card(page, 'Open alerts by customer').locator('.dashboard-chart__point');
  await expect(said).toContainText('Enter opens the matching list.');
  const customer = /^New, (.+): /.exec((await said.textContent()) ?? '')?.[1];
  expect(customer).toBeTruthy();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts\?status=new&q=customer/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Filter alerts' })).toHaveValue(`customer:"${customer}"`);
  await expect(alertRows(page).first()).toBeVisible();
  for (const row of (await alertRows(page).all()).slice(0, 5)) {
    await expect(row.locator('[data-status]')).toHaveText('New');
    await expect(row).toContainText(customer!);
  }
  await expectAccessible(page);

  // Back on the dashboard: the newest day's critical bar of alerts over time.
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  const overTime = card(page, 'Alerts over time').getByRole('application');
  await expect(overTime.locator('canvas')).toBeVisible();
  await tabTo(page, overTime);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(card(page, 'Alerts over time').locator('.dashboard-chart__point')).toContainText(
    /^Critical, /,
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts\?priority=critical&from=.+&to=.+/);
  await expect(page.locator('.alerts-chip:visible', { hasText: /^Created from / })).toHaveCount(1);
  await expectAccessible(page);
});

/**
 * Keyboard only: r focuses the date range, typing "A" picks All time, and alerts over time then
 * runs from the first day with alerts (the demo's alerts span 90 days): more days than the last
 * 30, fewer than the last 12 months.
 */
test('the dashboard shows all time, chosen from the keyboard', async ({ page }) => {
  await signIn(page, ANALYST, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(card(page, 'Alerts over time').locator('.dashboard-chart canvas')).toBeVisible();
  await page.keyboard.press('r');
  const range = page.getByRole('combobox', { name: 'Date range' });
  await expect(range).toBeFocused();
  await page.keyboard.type('A');
  await expect(range.locator('option:checked')).toHaveText('All time');
  // Off the select (where t would pick an option) to the next control, then t: tables.
  await page.keyboard.press('Tab');
  await expect(range).not.toBeFocused();
  await page.keyboard.press('t');
  const days = card(page, 'Alerts over time')
    .getByRole('table', { name: 'Alerts created by priority, All time' })
    .locator('tbody tr');
  await expect(days.first()).toBeVisible();
  const count = await days.count();
  expect(count).toBeGreaterThan(30);
  expect(count).toBeLessThan(360);
  await expectAccessible(page);
});
