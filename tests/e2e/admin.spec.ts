import { expect, type Page } from '@playwright/test';
import {
  choose,
  expectAccessible,
  openPalette,
  signIn,
  signInAtIdp,
  tabTo,
  test,
  typeInto,
} from './support.ts';

const ADMIN = 'admin@watchfloor.example';
const ANALYST = 'analyst@watchfloor.example';

test('an administrator impersonates the analyst and ends the impersonation', async ({ page }) => {
  await page.goto('/admin');
  await signInAtIdp(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await expect(search).toBeFocused();
  await expect(page.getByRole('row', { name: new RegExp(ADMIN) })).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.type(ANALYST);
  const row = page.getByRole('row', { name: new RegExp(ANALYST) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(ADMIN) })).toHaveCount(0);

  const impersonate = row.getByRole('button', { name: 'Impersonate' });
  await tabTo(page, impersonate);
  await page.keyboard.press('Enter');

  // The dashboard, as the analyst, with the impersonation named in the admin menu.
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const impersonation = page.getByRole('button', { name: `Impersonation menu, viewing as ${ANALYST}` });
  await expect(impersonation).toBeVisible();
  await impersonation.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(`Impersonating as ${ADMIN}`)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'End Impersonation' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Back as the administrator, on the users admin page.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Impersonation menu/ })).toHaveCount(0);
});

test('the analyst, not an administrator, cannot open /admin', async ({ page }) => {
  await page.goto('/admin');
  await signInAtIdp(page, ANALYST);
  await expect(page).toHaveURL(/\/error\/403$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized Access' })).toBeVisible();
});

test('Back after starting an impersonation returns to the page before, never to Unauthorized Access', async ({
  page,
}) => {
  await page.goto('/');
  await signInAtIdp(page, ADMIN);
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeVisible();
  await page.goto('/admin');
  // The users are listed, then the search narrows them.
  await expect(page.getByRole('row', { name: new RegExp(ADMIN) })).toBeVisible();
  await typeInto(page.getByRole('searchbox', { name: 'Search users' }), ANALYST);
  const row = page.getByRole('row', { name: new RegExp(ANALYST) });
  await expect(page.getByRole('row', { name: new RegExp(ADMIN) })).toHaveCount(0);
  await tabTo(page, row.getByRole('button', { name: 'Impersonate' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Impersonation menu, viewing as ${ANALYST}` })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized Access' })).toHaveCount(0);
});

/**
 * Back to the selected admin tab with Shift+Tab (the tabs come before the panel the focus is in),
 * then along the tabs with the arrow keys, as the tabs pattern asks.
 */
async function openTab(page: Page, name: string) {
  const selected = page.getByRole('tab', { selected: true });
  for (let i = 0; i < 40; i++) {
    if (await selected.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(selected).toBeFocused();
  const target = page.getByRole('tab', { name });
  for (let i = 0; i < 6; i++) {
    if (await target.evaluate((el) => el.getAttribute('aria-selected') === 'true')) break;
    await page.keyboard.press('ArrowRight');
  }
  await expect(target).toBeFocused();
  await expect(page.getByRole('tabpanel', { name })).toBeVisible();
}

test('an administrator writes, publishes and deletes a platform update, then reads it in the audit log', async ({
  page,
}) => {
  const title = `Maintenance window ${Date.now()}`;
  await signIn(page, ADMIN, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await openTab(page, 'Platform updates');
  await expect(page.getByRole('table', { name: 'Platform updates' })).toBeVisible();
  await expectAccessible(page);

  await tabTo(page, page.getByRole('button', { name: 'New update' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New platform update' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('textbox', { name: 'Title' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Please provide a value.')).toBeVisible();
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Draft');

  await tabTo(page, row.getByRole('button', { name: `Publish ${title}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${title} is published.` })).toBeVisible();
  await expect(row).not.toContainText('Draft');

  // Deleting asks first; the safe answer has the focus.
  await tabTo(page, row.getByRole('button', { name: `Delete ${title}` }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete this update?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);

  // The audit log names each step; Enter on an entry shows it before and after.
  await openTab(page, 'Audit log');
  const grid = page.getByRole('grid', { name: 'Audit log' });
  await expect(grid.getByText('delete · platform_update').first()).toBeVisible();
  await expect(grid.getByText('publish · platform_update').first()).toBeVisible();
  await expectAccessible(page);
  const entry = grid.locator('[data-row-index="0"] button');
  await tabTo(page, entry);
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: /delete · platform_update/ });
  await expect(details.getByRole('heading', { name: 'Before' })).toBeVisible();
  await expect(details).toContainText(title);
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
});

test('an administrator reads the outbox and the background jobs, and looks up a customer’s MDR support record', async ({
  page,
}) => {
  await signIn(page, ADMIN, '/admin');
  await openTab(page, 'Outbox');
  await expect(
    page.getByRole('grid', { name: 'Mail in the outbox' }).or(page.getByText('No mail matches.')),
  ).toBeVisible();
  await expectAccessible(page);

  // Each tab is a destination of the palette too, and the address names it.
  await openPalette(page);
  await choose(page, 'background jobs', 'Administration: background jobs');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin#jobs$/);
  await expect(page.getByRole('tab', { name: 'Background jobs' })).toHaveAttribute('aria-selected', 'true');
  const jobs = page.getByRole('grid', { name: 'Background jobs' });
  await expect(jobs).toBeVisible();
  await expect(jobs.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  await openTab(page, 'Support');
  await tabTo(page, page.getByRole('searchbox', { name: 'Customer or partner' }));
  await page.keyboard.type('Acme');
  await page.keyboard.press('Enter');
  const acme = page.getByRole('button', { name: 'Acme Corp' });
  await tabTo(page, acme);
  await page.keyboard.press('Enter');
  const record = page.getByRole('region', { name: 'MDR support: Acme Corp' });
  await expect(record).toBeVisible();
  await expect(record).toContainText('admin@acme.example');
  await expect(record).toContainText('customer administrator');
  await expectAccessible(page);
});

test('the customer administrator of Acme cannot open /admin', async ({ page }) => {
  await page.goto('/admin');
  await signInAtIdp(page, 'admin@acme.example');
  await expect(page).toHaveURL(/\/error\/403$/);
});
