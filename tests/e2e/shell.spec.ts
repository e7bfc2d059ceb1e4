import { expect, type Page } from '@playwright/test';
import { compactNumber } from '../../src/common/format.ts';
import { expectAccessible, signIn, tabTo, test } from './support.ts';

const ANALYST = 'analyst@watchfloor.example';
const ADMIN = 'admin@watchfloor.example';

const sidebar = (page: Page) => page.locator('nav#sidebar');

test('an unknown path shows page not found', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Watchfloor');
  await expectAccessible(page);
});

test('the platform updates page passes the accessibility checks', async ({ page }) => {
  await signIn(page, ANALYST, '/updates');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('the platform updates sort by a column from the keyboard: ascending, descending, then newest first', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/updates');
  const grid = page.getByRole('grid', { name: 'Platform updates' });
  const firstTitle = grid.getByRole('row').nth(1).getByRole('link');
  const header = grid.getByRole('columnheader', { name: /Title/ });
  await expect(firstTitle).toBeVisible();
  const newest = await firstTitle.textContent();

  await tabTo(page, header.getByRole('button'));
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstTitle).toHaveText('Agent 4.11.8 released');
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(firstTitle).toHaveText('Windows 10 end of support: plan your upgrades');
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await expect(firstTitle).toHaveText(newest ?? '');
});

test('the profile switches the language and the theme at once', async ({ page }) => {
  await signIn(page, ADMIN, '/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Preferences' })).toBeVisible();
  await expectAccessible(page);

  await page.locator('#preference-language').selectOption('de-DE');
  await expect(sidebar(page).getByRole('link', { name: /^Warnungen/ })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: /^Fälle/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.locator('.toast--success').first()).toBeVisible();

  await page.locator('label:has(#theme-dark)').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('label:has(#theme-light)').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Both survive a reload: they were saved.
  await page.reload();
  await expect(sidebar(page).getByRole('link', { name: /^Warnungen/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Leave the shared account as it was.
  await page.locator('#preference-language').selectOption('en-GB');
  await expect(sidebar(page).getByRole('link', { name: /^Alerts/ })).toBeVisible();
  await page.locator('label:has(#theme-match-browser)').click();
});

test('the customer filter narrows to a search and persists across a reload', async ({ page }) => {
  await signIn(page, ANALYST);
  const trigger = page.getByRole('button', { name: /Customer filter/ });
  await expect(trigger).toContainText('All customers');

  await trigger.click();
  const search = page.getByPlaceholder('Search customers');
  await expect(search).toBeFocused();
  // The filter's own options (the screen behind may have selects of its own): more than one, once
  // the customers have loaded.
  const options = page.getByRole('listbox', { name: 'Customers' }).getByRole('option');
  await expect(options.nth(1)).toBeVisible();
  await search.fill('ACME');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Acme Corp');
  await options.first().click();
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(trigger).toContainText('Acme Corp');
  await expect(trigger).toBeFocused();

  await page.reload();
  await expect(page.getByRole('button', { name: /Customer filter/ })).toContainText('Acme Corp');
  const stored = await page.evaluate(() => localStorage.getItem('watchfloor.selectedCustomers'));
  expect(JSON.parse(stored ?? '[]')).toHaveLength(1);

  await page.getByRole('button', { name: /Customer filter/ }).click();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('button', { name: /Customer filter/ })).toContainText('All customers');
});

test('the sidebar works from the keyboard alone', async ({ page }) => {
  await signIn(page, ANALYST);
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  const alerts = sidebar(page).locator('a[href="/alerts"]');
  await tabTo(page, alerts);
  expect(await alerts.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(alerts).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/Alerts \| Watchfloor$/);

  const users = sidebar(page).locator('a[href="/users"]');
  await tabTo(page, users);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // The user menu opens and moves with arrows; Escape gives focus back.
  const menuButton = page.getByRole('button', { name: /User menu/ });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: /Platform updates/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/updates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Platform updates' })).toBeVisible();
});

/**
 * Keyboard only: the sidebar counts the vulnerabilities and domains the console loaded (spec 1,
 * section 2.3), the same figures their screens show; log retention comes after the spec's groups.
 */
test('the sidebar counts vulnerabilities and domains from the loaded lists', async ({ page }) => {
  await signIn(page, ANALYST);
  const groups = sidebar(page).locator('ul.sidebar__group');
  await expect(groups.nth(1).locator('a').first()).toHaveText(/Search/);
  await expect(groups.nth(1).locator('a[href="/log-retention"]')).toHaveCount(0);
  await expect(groups.last().locator('a')).toHaveText([/Log retention/]);

  const vulnerabilitiesCount = sidebar(page).locator('[data-count-for="vulnerabilities"]');
  await expect(vulnerabilitiesCount).toHaveText(/^\d/);
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page.getByRole('heading', { level: 1, name: 'Vulnerabilities' })).toBeVisible();
  // The report's findings, summed page by page (the grid draws the rows of one page).
  const report = page.getByRole('grid', { name: 'Vulnerabilities' });
  await expect(report.locator('[data-row-index]').first()).toBeVisible();
  const reportRows = Number(await report.getAttribute('aria-rowcount')) - 1;
  const headers = await report.getByRole('columnheader').allTextContents();
  const findingsAt = headers.findIndex((h) => h.trim() === 'Findings');
  expect(findingsAt).toBeGreaterThanOrEqual(0);
  const pageSize = 10;
  let total = 0;
  for (let n = 1; n <= Math.ceil(reportRows / pageSize); n += 1) {
    if (n > 1) {
      const button = page
        .getByRole('navigation', { name: 'Page numbers' })
        .getByRole('button', { name: String(n), exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-current', 'page');
    }
    const rowsHere = report.locator('[data-row-index]');
    await expect(rowsHere).toHaveCount(Math.min(pageSize, reportRows - (n - 1) * pageSize));
    const texts = await rowsHere.evaluateAll(
      (rows, i) => rows.map((row) => row.querySelectorAll('[role="gridcell"]')[i]?.textContent ?? ''),
      findingsAt,
    );
    total += texts.reduce((sum, text) => sum + Number(text), 0);
  }
  await expect(vulnerabilitiesCount).toHaveText(compactNumber(total));

  const domainsCount = sidebar(page).locator('[data-count-for="domains"]');
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  const grid = page.getByRole('grid', { name: 'Monitored domains' });
  // The row count is read once the rows are drawn, not while the grid still loads.
  await expect(grid.locator('[data-row-index]').first()).toBeVisible();
  const rows = Number(await grid.getAttribute('aria-rowcount')) - 1;
  expect(rows).toBeGreaterThan(0);
  await expect(domainsCount).toHaveText(compactNumber(rows));
  await expectAccessible(page);
});
