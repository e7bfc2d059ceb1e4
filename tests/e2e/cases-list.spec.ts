import { expect, type Page } from '@playwright/test';
import { ANALYST, signIn, tabTo, test } from './support.ts';

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
  const statuses = await rows(page).locator('.list-cell--status').allTextContents();
  for (const text of statuses) expect(text).toBe('Open');
});

test('the case list sorts by a column header and pages by number, as every list does', async ({ page }) => {
  await signIn(page, ANALYST, '/cases');
  await waitForCases(page);
  await expect(rows(page)).toHaveCount(10);
  const size = page.getByRole('combobox', { name: 'Rows' });
  await expect(size).toHaveValue('10');
  expect(await size.locator('option').allTextContents()).toEqual(['10', '25', '50', '100']);

  // Enter on the Risk header sorts ascending, again descending, again back to the newest change.
  const risk = page.getByRole('columnheader', { name: 'Risk' });
  await tabTo(page, risk.getByRole('button'));
  const scores = async () =>
    (await rows(page).locator('.list-cell--risk_score').allTextContents()).map((text) =>
      Number(/\d+/.exec(text)?.[0]),
    );
  // The header says its order at once; the rows follow when the sorted page has come.
  const sortedPage = async (order: 1 | -1) => {
    const list = await scores();
    return list.length === 10 && list.every((v, i) => i === 0 || order * (v - list[i - 1]!) >= 0);
  };
  await page.keyboard.press('Enter');
  await expect(risk).toHaveAttribute('aria-sort', 'ascending');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => sortedPage(1)).toBe(true);
  const up = await scores();
  expect(up).toHaveLength(10);
  for (const score of up) expect(score).toBeGreaterThanOrEqual(0);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await page.keyboard.press('Enter');
  await expect(risk).toHaveAttribute('aria-sort', 'descending');
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => sortedPage(-1)).toBe(true);
  const down = await scores();
  expect(down).toEqual([...down].sort((a, b) => b - a));
  expect(down[0]).toBeGreaterThanOrEqual(up.at(-1)!);
  await page.keyboard.press('Enter');
  await expect(risk).toHaveAttribute('aria-sort', 'none');

  // Numbered pages: page 2 shows the next ten.
  const pages = page.getByRole('navigation', { name: 'Page numbers' });
  const first = await rows(page).first().getAttribute('data-case-id');
  await pages.getByRole('button', { name: '2', exact: true }).click();
  await expect(pages.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.pager__range')).toContainText(/^11–20 of \d+/);
  await expect(rows(page).first()).not.toHaveAttribute('data-case-id', first!);
  await size.selectOption('25');
  await expect(page.locator('.pager__range')).toContainText(/^1–25 of \d+/);
});

test('a row’s details open and close in place, by d and by the row’s button, and ? lists the key', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/cases');
  await waitForCases(page);
  const first = rows(page).first();
  const details = first.getByRole('gridcell', { name: 'Details', exact: true });
  // The row's details button says whether they are open.
  await expect(first.getByRole('button', { name: /^Show details of #/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  // Keys: j focuses the first case, d opens its details, d again closes them.
  await page.keyboard.press('j');
  await expect(first.getByRole('link')).toBeFocused();
  await page.keyboard.press('d');
  await expect(first.getByRole('button', { name: /^Hide details of #/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(details).toContainText('Description');
  await expect(details).toContainText('Created');
  // The rows below move down to make room: the second row starts below the details.
  const detailsBox = (await details.boundingBox())!;
  const secondBox = (await rows(page).nth(1).boundingBox())!;
  expect(secondBox.y).toBeGreaterThanOrEqual(detailsBox.y + detailsBox.height - 1);
  await page.keyboard.press('d');
  await expect(details).toHaveCount(0);

  // Mouse: the row's button does the same.
  const id = await first.getAttribute('data-case-id');
  await first.getByRole('button', { name: `Show details of #${id}` }).click();
  await expect(details).toBeVisible();
  await first.getByRole('button', { name: `Hide details of #${id}` }).click();
  await expect(details).toHaveCount(0);

  // ? lists d with the other list keys.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts and commands' });
  await expect(help.getByRole('row', { name: /Show or hide the focused row's details/ })).toBeVisible();
});

test('a failed network says so, a slow list says to wait, and both recover', async ({ page }) => {
  await signIn(page, ANALYST, '/cases');
  await waitForCases(page);
  const list = '**/api/cases/v1/cases/?*';

  // The network fails (fetch rejects): the connection error, not the load error.
  await page.route(list, (route) => route.abort('internetdisconnected'));
  await page.getByRole('combobox', { name: 'Rows' }).selectOption('25');
  const failed = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
  await expect(failed).toHaveText(/Connection error, check your connection then try again/);
  // The list's own message (the toast keeps 'Unable to load cases' as its title).
  await expect(failed).not.toContainText('Unable to load cases');

  // The next answer is held back: past its wait period the list says to wait.
  await page.unroute(list);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(list, async (route) => {
    await held;
    await route.continue();
  });
  await failed.getByRole('button', { name: 'Try again' }).click();
  const slow = page.getByRole('status').filter({ hasText: 'Things are taking a while, please wait…' });
  await expect(slow).toBeVisible();
  release();
  await expect(slow).toHaveCount(0);
  await expect(page.locator('.pager__range')).toContainText(/^1–25 of \d+/);
  await expect(rows(page).first()).toBeVisible();
});

test('a case that is slow to load says to wait, then shows', async ({ page }) => {
  await signIn(page, ANALYST, '/cases');
  await waitForCases(page);
  const id = await rows(page).first().getAttribute('data-case-id');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/cases/v1/cases/${id}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/cases/${id}$`));
  const slow = page.getByRole('status').filter({ hasText: 'Things are taking a while, please wait…' });
  await expect(slow).toBeVisible();
  release();
  await expect(slow).toHaveCount(0);
  await expect(page.locator('.page:not([hidden])').getByRole('heading', { level: 1 })).toBeVisible();
});
