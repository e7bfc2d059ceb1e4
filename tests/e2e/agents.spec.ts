import { expect, test } from '@playwright/test';
import { ANALYST, CUSTOMER_USER, expectAccessible, signIn, tabTo } from './support.ts';

/** Keyboard only: j/k and Enter work the list, Tab walks the page, Enter answers the questions. */

test('an analyst filters the fleet, opens an agent, asks it to isolate and cancels the queued action', async ({
  page,
}) => {
  // A long walk (list, agent, request, cancel) with two accessibility checks.
  test.slow();
  await signIn(page, ANALYST, '/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Agents' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  // The Online filter narrows the list to agents that checked in on time.
  const online = page.getByRole('button', { name: 'Online', exact: true });
  await tabTo(page, online);
  await page.keyboard.press('Enter');
  await expect(online).toHaveAttribute('aria-pressed', 'true');
  await expect(grid.locator('[data-row-index="0"]')).not.toContainText('Offline');

  // j leaves the filter buttons for the list (keys on a focused button still reach the list).
  await page.keyboard.press('j');
  const first = grid.locator('[data-row-index="0"]');
  await expect(first).toBeFocused();
  const host = (await first.getByRole('link').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();

  // Isolate is the first action; the page asks first and then shows it queued.
  await tabTo(page, page.getByRole('button', { name: 'Ask the agent…' }));
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Isolate?' });
  await expect(ask).toContainText(host);
  await tabTo(page, ask.getByRole('button', { name: 'Isolate' }));
  await page.keyboard.press('Enter');
  const queued = page.locator('.agent-action[data-status="queued"]').first();
  await expect(queued).toContainText('Queued');
  await expectAccessible(page);

  await tabTo(page, queued.getByRole('button', { name: 'Cancel Isolate' }));
  await page.keyboard.press('Enter');
  const cancel = page.getByRole('dialog', { name: 'Cancel this action?' });
  await tabTo(page, cancel.getByRole('button', { name: 'Cancel the action' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('.agent-action[data-status="cancelled"]').first()).toContainText('Cancelled');
});

test("a customer user sees only their customer's agents", async ({ page }) => {
  await signIn(page, CUSTOMER_USER, '/agents');
  const grid = page.getByRole('grid', { name: 'Agents' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const customers = await grid.locator('[data-row-index] .agent-cell:nth-child(3)').allTextContents();
  expect(customers.length).toBeGreaterThan(0);
  expect(new Set(customers)).toEqual(new Set(['Acme Corp']));
});

test('a customer user turns on the syslog forwarder their compliance licence allows, from the keyboard', async ({
  page,
}) => {
  await signIn(page, CUSTOMER_USER, '/agents');
  const grid = page.getByRole('grid', { name: 'Agents' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await page.keyboard.press('j');
  const first = grid.locator('[data-row-index="0"]');
  await expect(first).toBeFocused();
  const host = (await first.getByRole('link').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();

  // The tabs open on Actions; the arrow keys move to Overview.
  await tabTo(page, page.getByRole('tab', { name: 'Actions' }));
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const syslog = page.getByRole('checkbox', { name: 'Syslog forwarder' });
  await expect(syslog).toBeEnabled();
  await expect(page.getByText(/disabled without a compliance licen[cs]e/)).toHaveCount(0);
  const wasOn = await syslog.isChecked();
  await tabTo(page, syslog);
  await page.keyboard.press('Space');
  await expect(page.getByText('Saved. The agent applies it at its next check-in.')).toBeVisible();
  await expect(syslog).toBeChecked({ checked: !wasOn });
  // Not an Owner: no grant form, and no terminal without a certificate.
  await expect(page.getByRole('button', { name: 'Grant and e-mail' })).toHaveCount(0);
  await expect(page.getByText('You do not have permission to start a terminal')).toBeVisible();
  await expectAccessible(page);
});
