import { expect } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo, test } from './support.ts';

/** Keyboard only: the user menu leads to the MDR profile, Space flips a preference switch. */
test('the user menu opens the MDR profile; e-mail and labs switches are saved and take effect', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/alerts');
  const menuButton = page.getByRole('button', { name: /User menu/ });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  const mdrItem = page.getByRole('menuitem', { name: 'MDR profile' });
  for (let i = 0; i < 6 && !(await mdrItem.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(mdrItem).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile#mdr$/);
  const mdr = page.getByRole('region', { name: 'MDR profile' });
  await expect(mdr.getByText('Provider')).toBeVisible();
  await expect(mdr.getByText(/of \d+ customers?$/)).toBeVisible();
  await expectAccessible(page);

  // E-mail notifications: Space turns one on; it is saved, so it survives a reload.
  const assigned = page.getByRole('switch', { name: /Assigned alert/ });
  await tabTo(page, assigned);
  await page.keyboard.press('Space');
  await expect(page.getByText('Preferences saved').first()).toBeVisible();
  await expect(assigned).toBeChecked();
  await page.reload();
  await expect(assigned).toBeChecked();

  // Labs take effect across the console: the demo accounts have every labs feature on, so
  // escalations leave the sidebar when switched off and come back when switched on.
  const escalations = page.getByRole('switch', { name: 'Escalations' });
  const link = page.locator('a[href="/escalations"]');
  await expect(escalations).toBeChecked();
  await expect(link).toHaveCount(1);
  await tabTo(page, escalations);
  await page.keyboard.press('Space');
  await expect(escalations).not.toBeChecked();
  await expect(link).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(escalations).toBeChecked();
  await expect(link).toHaveCount(1);

  // Leave the shared account as it was.
  await tabTo(page, assigned);
  await page.keyboard.press('Space');
  await expect(assigned).not.toBeChecked();
});
