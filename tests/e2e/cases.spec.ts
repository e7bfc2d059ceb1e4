import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './support.ts';

const ANALYST = 'analyst@watchfloor.example';
const ACME_USER = 'user@acme.example';

/** Narrows every list to Acme Corp with the shell's customer filter. */
async function selectAcme(page: Page) {
  const trigger = page.getByRole('button', { name: /Customer filter/ });
  await trigger.click();
  await page.getByPlaceholder('Search customers').fill('Acme');
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await expect(trigger).toContainText('Acme Corp');
}

const rows = (page: Page) => page.locator('tr.case-row:not(.case-row--placeholder)');

/** Ids of two alerts of an Acme case, read from a case's recent alerts. */
async function twoAcmeAlerts(page: Page): Promise<string[]> {
  await expect(rows(page).first()).toBeVisible();
  const counts = await rows(page).locator('td.case-row__count').allTextContents();
  const index = counts.findIndex((c) => Number(c) >= 2);
  expect(index).toBeGreaterThanOrEqual(0);
  // Keyboard: j reaches the first row, then one row per press; Enter opens it.
  for (let i = 0; i <= index; i++) await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cases\/\d+$/);
  const links = page.locator('.case-alert__title');
  await expect(links.nth(1)).toBeVisible();
  const ids = (await links.allTextContents()).map((text) => /#(\d+)/.exec(text)![1]!);
  return ids.slice(0, 2);
}

test('an analyst creates a case by keyboard, assigns two alerts, edits it and is asked before leaving', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/cases');
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible();
  await selectAcme(page);
  const alertIds = await twoAcmeAlerts(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/cases$/);
  await expect(rows(page).first()).toBeVisible();
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
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);

  await page.getByRole('textbox', { name: 'Assign alerts by ID' }).fill(alertIds.join(', '));
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 alerts assigned')).toBeVisible();
  for (const id of alertIds)
    await expect(page.getByRole('link', { name: new RegExp(`^#${id} `) })).toBeVisible();

  const description = page.getByRole('textbox', { name: 'Description' });
  await description.fill('Both alerts come from the same password spray.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  const caseUrl = page.url();
  await page.locator('nav#sidebar a[href="/alerts"]').click();
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(question).toBeVisible();
  expect(page.url()).toBe(caseUrl);
  await expect(question.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(description).toHaveValue('Both alerts come from the same password spray.');

  // The browser's back button asks too, and Escape means stay.
  await page.evaluate(() => history.back());
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  expect(page.url()).toBe(caseUrl);
  await expect(description).toHaveValue('Both alerts come from the same password spray.');

  await description.press('Control+s');
  await expect(page.locator('.page:not([hidden]) .case-form__state')).toHaveText('Case saved');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
    'Both alerts come from the same password spray.',
  );
  await page.locator('nav#sidebar a[href="/alerts"]').click();
  await expect(page).toHaveURL(/\/alerts$/);
});

/** The id of a case of a customer other than Acme Corp, as an analyst sees it. */
async function foreignCaseId(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ANALYST, '/cases');
  await expect(rows(page).first()).toBeVisible();
  const foreign = rows(page)
    .filter({ hasNot: page.locator('td', { hasText: /^Acme Corp$/ }) })
    .first();
  const href = await foreign.locator('a').first().getAttribute('href');
  await context.close();
  return href!.split('/').at(-1)!;
}

test('a customer user sees only Acme Corp cases', async ({ page, browser }) => {
  const otherId = await foreignCaseId(browser);
  await signIn(page, ACME_USER, '/cases');
  await expect(rows(page).first()).toBeVisible();
  const customers = await rows(page).locator('td:nth-child(2)').allTextContents();
  expect(customers.length).toBeGreaterThan(0);
  expect(new Set(customers)).toEqual(new Set(['Acme Corp']));

  await page.goto(`/cases/${otherId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Case with ID ${otherId} not found` }),
  ).toBeVisible();
});
