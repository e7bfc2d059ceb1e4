import { expect } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo, test } from './support.ts';

/**
 * Keyboard only: g o opens the domains; a domain is added for a customer (after the spec's
 * 'Please select a customer'); a seeded domain's lookalikes open, then one lookalike with its
 * risk breakdown.
 */
test('an analyst adds a domain for a customer and opens a lookalike with its risk breakdown', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  const rows = page.getByRole('grid', { name: 'Monitored domains' }).locator('[data-row-index]');
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page);
  // "Add domains" sits beside the title, not across the page; each row's action is drawn whole.
  const header = await page.locator('.domains-page .page-header').boundingBox();
  const add = await page.getByRole('button', { name: 'Add domains' }).boundingBox();
  expect(add!.width).toBeLessThan(header!.width / 2);
  const drawnWhole = await rows
    .first()
    .getByRole('button', { name: /^Pause monitoring of |^Resume monitoring of / })
    .evaluate((button) => {
      const cell = button.parentElement!.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      return (
        button.scrollWidth <= button.clientWidth && box.left >= cell.left && box.right <= cell.right + 0.5
      );
    });
  expect(drawnWhole).toBe(true);

  await tabTo(page, page.getByRole('button', { name: 'Add domains' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add domains' });
  await expect(dialog.getByLabel('Customer')).toBeFocused();
  const name = `watch${Date.now()}.example`;
  await page.keyboard.press('Tab');
  await page.keyboard.type(name);
  await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please select a customer')).toBeVisible();
  await expectAccessible(page);

  await tabTo(page, dialog.getByLabel('Customer'));
  await page.keyboard.press('ArrowDown');
  await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const added = page.locator(`[data-row-index][data-domain="${name}"]`);
  await expect(added).toContainText('Monitored');
  // Its scan was queued when it was added: the row says so (the list follows it while it runs).
  await expect(added).toContainText(/Scan queued|Scanning…/);

  // Pausing asks first; the safe answer has the focus.
  await tabTo(page, added.getByRole('button', { name: `Pause monitoring of ${name}` }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Pause monitoring?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(added).toContainText('Paused');

  // A seeded domain: its lookalikes, riskiest first.
  const seeded = rows
    .filter({ hasNot: page.locator(`[data-domain="${name}"]`) })
    .first()
    .getByRole('link');
  const domain = (await seeded.textContent()) ?? '';
  // A list is one Tab stop (its current row); the seeded domain's name is put in focus directly.
  await seeded.focus();
  await expect(seeded).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();
  const lookalike = page.locator('.lookalike-table tbody tr').first().getByRole('link');
  await expect(lookalike).toBeVisible();
  await expectAccessible(page);

  const lookalikeName = (await lookalike.textContent()) ?? '';
  await tabTo(page, lookalike);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: lookalikeName })).toBeVisible();
  const breakdown = page.locator('.risk-table');
  await expect(breakdown.getByRole('rowheader', { name: 'How it was made' })).toBeVisible();
  await expect(breakdown.getByRole('rowheader', { name: 'Risk (0 to 100)' })).toBeVisible();
  await expect(page.getByText('MX record')).toBeVisible();
  await expectAccessible(page);
});

/** Keyboard only: a domain's dictionary words edited, a bad word refused by its line, then saved. */
test("an analyst edits a domain's dictionary and top-level domains", async ({ page }) => {
  await signIn(page, ANALYST, '/domains');
  const seeded = page
    .getByRole('grid', { name: 'Monitored domains' })
    .locator('[data-row-index]')
    .first()
    .getByRole('link');
  await expect(seeded).toBeVisible();
  await tabTo(page, seeded);
  await page.keyboard.press('Enter');
  const section = page.getByRole('region', { name: 'Dictionary and top-level domains' });
  const words = section.getByLabel('Dictionary words');
  await expect(words).toBeVisible();
  await expectAccessible(page);

  await tabTo(page, words, 120);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('login\nnot a word\npayroll');
  const tlds = section.getByLabel('Top-level domains');
  await tabTo(page, tlds);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('com\nco.uk\nfi');
  await tabTo(page, section.getByRole('button', { name: 'Save lists' }));
  await page.keyboard.press('Enter');
  await expect(section.getByRole('alert')).toContainText('Line 2 (not a word): a word must be a DNS label');
  await expect(words).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await tabTo(page, words);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('login\nPayroll\npayroll');
  await tabTo(page, section.getByRole('button', { name: 'Save lists' }));
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText('Saved. The next scan uses these lists.');
  await expect(words).toHaveValue('login\npayroll');
  await expect(tlds).toHaveValue('com\nco.uk\nfi');
  await expect(section.getByText('This domain has its own lists.')).toBeVisible();
});
