import { expect } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo, test } from './support.ts';

/** Keyboard only: g v opens the report, j and Enter drill down, Tab and Enter open an agent and its Inventory tab. */
test('an analyst drills down from the vulnerabilities report to an affected agent’s inventory', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/');
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page.getByRole('heading', { level: 1, name: 'Vulnerabilities' })).toBeVisible();
  const first = page.getByRole('grid', { name: 'Vulnerabilities' }).locator('[data-row-index="0"]');
  await expect(first).toBeVisible();
  await expectAccessible(page);

  // j puts the focus on the first row's customer, which opens the drill-down.
  await page.keyboard.press('j');
  await expect(first.locator('[data-list-name]')).toBeFocused();
  await page.keyboard.press('Enter');
  const drill = page.locator('.vulnerability-drill');
  const agent = drill.getByRole('link').first();
  await expect(agent).toBeVisible();
  await expectAccessible(page);

  const host = (await agent.textContent()) ?? '';
  await tabTo(page, agent);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();

  // The tabs are one Tab stop; the arrows move between them.
  await tabTo(page, page.getByRole('tab', { name: 'Actions' }));
  await page.keyboard.press('ArrowRight');
  const inventory = page.getByRole('tab', { name: 'Inventory' });
  await expect(inventory).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('list', { name: 'Installed software' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expectAccessible(page);
});
