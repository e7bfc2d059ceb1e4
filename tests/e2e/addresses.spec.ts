import { expect } from '@playwright/test';
import { ANALYST, signIn, test, workerURL } from './support.ts';

/** The console opened at 127.0.0.1 instead of the public address (localhost). */
const twinOf = (address: string) => address.replace('//localhost:', '//127.0.0.1:');

test('a person who opened the console at 127.0.0.1 signs in and out without leaving that address', async ({
  page,
}) => {
  const twin = twinOf(workerURL());
  await signIn(page, ANALYST, `${twin}/alerts`);
  await expect(page).toHaveURL(`${twin}/alerts`);

  // Log out from the user menu, by keyboard: ArrowUp opens it on its last entry.
  await page.getByRole('button', { name: /User menu for / }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  // The identity provider sends the browser back to /login at this address, which at once starts
  // the next sign-in: wait for that navigation itself rather than hoping to see the address in passing.
  const backToLogin = page.waitForURL(`${twin}/login`, { waitUntil: 'commit' });
  await page.keyboard.press('Enter');
  await backToLogin;
  await expect(page.locator('#email')).toBeVisible();
  // The session stored at this address is gone, not left behind.
  const sameAddress = await page.context().newPage();
  await sameAddress.goto(`${twin}/api/health`);
  expect(await sameAddress.evaluate(() => localStorage.getItem('watchfloor.session') ?? '')).not.toContain(
    'access_token',
  );
});
