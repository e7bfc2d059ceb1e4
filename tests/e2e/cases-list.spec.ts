import { expect, type Page, test } from '@playwright/test';
import { ANALYST, signIn, tabTo } from './support.ts';

/** The case list's shared table behaviour (spec 1, sections 4.6, 4.7 and 9). */

const grid = (page: Page) => page.getByRole('grid', { name: /^Cases/ });
const rows = (page: Page) => grid(page).locator('[role="row"][data-case-id]');

async function waitForCases(page: Page) {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible();
}

/** The label of the option a select shows. */
const shownOption = (page: Page, name: string) =>
  page
    .getByRole('combobox', { name, exact: true })
    .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

test('every case status can be chosen in the status filter, by keys and by mouse', async ({ page }) => {
  await signIn(page, ANALYST, '/cases');
  await waitForCases(page);
  const status = page.getByRole('combobox', { name: 'Status', exact: true });
  await tabTo(page, status);

  // The arrow keys walk every option once, down to the last.
  const seen: string[] = [await shownOption(page, 'Status')];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('ArrowDown');
    seen.push(await shownOption(page, 'Status'));
  }
  expect([...new Set(seen)]).toEqual([
    'Any status',
    'Open (all active statuses)',
    'Resolved',
    'New',
    'Open',
    'Acknowledged',
    'Escalated',
    'Deferred',
    'Reopened',
    'Closed',
    'False Positive',
    'Accepted Risk',
  ]);

  // Chosen with the mouse, the single status "Open" stays chosen and narrows the list to it.
  await status.selectOption({ label: 'Open' });
  expect(await shownOption(page, 'Status')).toBe('Open');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  const statuses = await rows(page).locator('.case-cell--status').allTextContents();
  for (const text of statuses) expect(text).toBe('Open');
});
