import { type Browser, expect, type Page } from '@playwright/test';
import { ANALYST, CUSTOMER_USER, expectAccessible, signIn, tabTo, test } from './support.ts';

/**
 * Keyboard only: no test here moves or clicks the mouse. Fields are reached with Tab (tabTo),
 * lists with j/k, and screens with g + letter or Esc.
 */

/** Narrows every list to Acme Corp with the shell's customer filter, from the keyboard. */
async function selectAcme(page: Page) {
  const trigger = page.getByRole('button', { name: /Customer filter/ });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await expect(search).toBeFocused();
  await page.keyboard.type('Acme');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(trigger).toContainText('Acme Corp');
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Cases, most recently updated first' });
const rows = (page: Page) => grid(page).locator('[role="row"][data-case-id]');

/** Waits for the first page of cases (the placeholders gone). */
async function waitForCases(page: Page) {
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible();
}

/** Ids of two alerts of an Acme case, read from a case's recent alerts. */
async function twoAcmeAlerts(page: Page): Promise<string[]> {
  await waitForCases(page);
  const counts = await rows(page).locator('.list-cell--alert_count').allTextContents();
  const index = counts.findIndex((c) => Number(c) >= 2);
  expect(index).toBeGreaterThanOrEqual(0);
  // j reaches the first row, then one row per press; Enter opens it.
  for (let i = 0; i <= index; i++) await page.keyboard.press('j');
  await expect(rows(page).nth(index).getByRole('link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cases\/\d+$/);
  // The tab title carries no count on a case: its id is not one (spec 1 section 2.1).
  await expect(page).toHaveTitle('Case | Watchfloor');
  const links = page.locator('.page:not([hidden]) .case-alert__title');
  await expect(links.nth(1)).toBeVisible();
  const ids = (await links.allTextContents()).map((text) => /#(\d+)/.exec(text)![1]!);
  return ids.slice(0, 2);
}

test('an analyst creates a case by keyboard, assigns two alerts, edits it and is asked before leaving', async ({
  page,
}) => {
  // A long walk (list, case, alerts list, create, assign, edit, leave) with an accessibility check.
  test.slow();
  await signIn(page, ANALYST, '/cases');
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible();
  await waitForCases(page);
  await expectAccessible(page);
  await selectAcme(page);
  const alertIds = await twoAcmeAlerts(page);

  // Esc goes back to the list.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/cases$/);
  await waitForCases(page);
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New case' });
  await expect(dialog).toBeVisible();
  // The filter names one customer, so it is chosen and the title has the focus.
  await expect(dialog.getByLabel('Customer')).toHaveValue(/[0-9a-f-]{36}/);
  const title = `E2E credential stuffing ${Date.now()}`;
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Raised by the end-to-end test.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('e2e');
  // Enter adds the tag; Enter in the emptied field submits the form.
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.chip', { hasText: 'e2e' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cases\/\d+$/);
  const detail = page.locator('.page:not([hidden])');
  await expect(detail.getByRole('heading', { level: 1 })).toContainText(title);

  await tabTo(page, detail.getByRole('textbox', { name: 'Assign alerts by ID' }));
  await page.keyboard.type(alertIds.join(', '));
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 alerts assigned')).toBeVisible();
  for (const id of alertIds)
    await expect(detail.getByRole('link', { name: new RegExp(`^#${id} `) })).toBeVisible();
  await expectAccessible(page);

  const description = detail.getByRole('textbox', { name: 'Description' });
  await tabTo(page, description);
  await page.keyboard.press('End');
  await page.keyboard.type(' Both alerts come from the same password spray.');
  await expect(detail.getByText('Unsaved changes')).toBeVisible();

  // g a would leave: the guard asks, and Stay (focused) keeps the page and the text.
  const caseUrl = page.url();
  await tabTo(page, detail.getByRole('button', { name: 'Discard changes' }));
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(question).toBeVisible();
  expect(page.url()).toBe(caseUrl);
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(description).toHaveValue(/same password spray\.$/);

  // The browser's back button asks too, and Escape means stay.
  await page.evaluate(() => history.back());
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  expect(page.url()).toBe(caseUrl);

  await tabTo(page, description);
  await page.keyboard.press('Control+s');
  await expect(detail.locator('.case-form__state')).toHaveText('Case saved');
  await page.reload();
  await expect(page.locator('.page:not([hidden])').getByRole('textbox', { name: 'Description' })).toHaveValue(
    'Raised by the end-to-end test. Both alerts come from the same password spray.',
  );
  // Nothing unsaved: g a leaves without asking.
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/alerts$/);
});

test('comments on a case are posted, edited and deleted from the keyboard', async ({ page }) => {
  await signIn(page, ANALYST, '/cases');
  await waitForCases(page);
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cases\/\d+$/);
  const detail = page.locator('.page:not([hidden])');
  const thread = detail.getByRole('region', { name: 'Discussion' });
  await expect(thread.getByRole('textbox', { name: 'Comment' })).toBeVisible();

  const marker = `e2e note ${Date.now()}`;
  await tabTo(page, thread.getByRole('textbox', { name: 'Comment' }));
  await page.keyboard.type(marker);
  await page.keyboard.press('Control+Enter');
  const comment = thread.locator('.comment').filter({ hasText: marker });
  await expect(comment).toBeVisible();
  await expect(thread.getByRole('textbox', { name: 'Comment' })).toHaveValue('');

  // Edit: the edit box takes the focus; Ctrl+Enter saves.
  await tabTo(page, comment.getByRole('button', { name: /^Edit the comment by / }));
  await page.keyboard.press('Enter');
  const editBox = thread.getByRole('textbox', { name: 'Edit comment' });
  await expect(editBox).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' (checked)');
  await page.keyboard.press('Control+Enter');
  await expect(editBox).toBeHidden();
  const edited = thread.locator('.comment').filter({ hasText: `${marker} (checked)` });
  await expect(edited).toBeVisible();
  await expect(edited.getByText('edited')).toBeVisible();
  await expect(edited.getByRole('button', { name: /^Edit the comment by / })).toBeFocused();

  // Delete asks first; Cancel has the focus, so Enter alone is safe.
  await page.keyboard.press('Tab');
  await expect(edited.getByRole('button', { name: /^Delete the comment by / })).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete this comment?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(edited).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(thread.locator('.comment').filter({ hasText: marker })).toHaveCount(0);
  await expect(thread.getByRole('heading', { name: 'Discussion' })).toBeFocused();
});

test('j/k scroll the focused case into view; x selects and >case-assign assigns the selection', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/cases');
  await waitForCases(page);
  // A page of 25, more than the list shows at once: it scrolls inside.
  const size = page.getByRole('combobox', { name: 'Rows' });
  await tabTo(page, size);
  await page.keyboard.press('ArrowDown');
  await expect(size).toHaveValue('25');
  // The list's keys do not reach a focused select: Tab moves on to the pages.
  await page.keyboard.press('Tab');
  await expect(size).not.toBeFocused();
  // Every case counts in the grid's rows (aria-rowcount); this page holds 25 of them.
  await expect(page.locator('.pager__range')).toContainText(/^1–25 of \d+/);
  const total = Number(await grid(page).getAttribute('aria-rowcount')) - 1;
  expect(total).toBeGreaterThanOrEqual(25);
  // (Tab passed through the list on the way to Rows, so its first row is the current one.)
  // Each key moves the cursor one row, watched before the next key, as a person does.
  const current = grid(page).locator('[role="row"][aria-current="true"]');
  await expect(current).toHaveAttribute('data-row-index', '0');
  for (let i = 1; i <= 20; i++) {
    await page.keyboard.press('j');
    await expect(current).toHaveAttribute('data-row-index', String(i));
  }
  await expect(current).toBeInViewport();
  await expect(current.getByRole('link')).toBeFocused();
  for (let i = 19; i >= 0; i--) {
    await page.keyboard.press('k');
    await expect(current).toHaveAttribute('data-row-index', String(i));
  }
  // k on the first row stays there.
  await page.keyboard.press('k');
  const first = grid(page).locator('[role="row"][data-row-index="0"]');
  await expect(first.getByRole('link')).toBeFocused();
  await expect(first).toBeInViewport();

  // x selects the focused case, Shift+j extends the selection.
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+J');
  const selected = rows(page).and(page.locator('[aria-selected="true"]'));
  await expect(selected).toHaveCount(2);
  await expect(page.getByText('2 cases selected')).toBeVisible();
  const ids = await selected.evaluateAll((els) => els.map((el) => el.getAttribute('data-case-id')));

  await page.keyboard.press('/');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByText('2 cases selected')).toBeVisible();
  await page.keyboard.type('>case-assign me');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.locator('.toast').filter({ hasText: 'Updated 2 cases' })).toBeVisible();
  for (const id of ids) {
    await expect(
      rows(page)
        .and(page.locator(`[data-case-id="${id}"]`))
        .locator('.list-cell--assigned_users'),
    ).toContainText('Sam Okafor');
  }

  // Esc clears the selection first; then it goes back.
  await page.keyboard.press('Escape');
  await expect(page.getByText('2 cases selected')).toHaveCount(0);
});

/** The id of a case of a customer other than Acme Corp, as an analyst sees it. */
async function foreignCaseId(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ANALYST, '/cases');
  await waitForCases(page);
  const foreign = rows(page)
    .filter({ hasNot: page.locator('.list-cell--customer', { hasText: /^Acme Corp$/ }) })
    .first();
  const id = await foreign.getAttribute('data-case-id');
  await context.close();
  return id!;
}

test('a customer user sees only Acme Corp cases, and cannot open another customer’s', async ({
  page,
  browser,
}) => {
  const otherId = await foreignCaseId(browser);
  await signIn(page, CUSTOMER_USER, '/cases');
  await waitForCases(page);
  const customers = await rows(page).locator('.list-cell--customer').allTextContents();
  expect(customers.length).toBeGreaterThan(0);
  expect(new Set(customers)).toEqual(new Set(['Acme Corp']));

  await page.goto(`/cases/${otherId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Case with ID ${otherId} not found` }),
  ).toBeVisible();
});
