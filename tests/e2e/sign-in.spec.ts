import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-password.ts';
import { expectAccessible, test } from './support.ts';

const ADMIN = 'admin@watchfloor.example';
const ANALYST = 'analyst@watchfloor.example';
const CUSTOMER = 'user@acme.example';

/** The IdP's e-mail field; its label is 'E-mail' or 'Email' depending on the browser's language. */
const emailField = (page: Page) => page.getByLabel(/^e-?mail$/i);

/** Signs in on the identity provider's page from the keyboard, as a person does. */
async function signInAtIdp(page: Page, email: string) {
  await expect(emailField(page)).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
}

const userMenu = (page: Page) => page.getByRole('button', { name: /User menu for / });
const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('watchfloor.session') ?? '');

for (const { email, address, shows } of [
  { email: ADMIN, address: '/admin', shows: /^Administration$/ },
  { email: ANALYST, address: '/alerts?status=new', shows: null },
  { email: CUSTOMER, address: '/profile', shows: /^Casey Morgan$/ },
]) {
  test(`${email} signs in through the IdP and lands on ${address}`, async ({ page }) => {
    await page.goto(address);
    await expect(emailField(page)).toBeFocused();
    await expectAccessible(page);
    await signInAtIdp(page, email);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === address);
    await expect(userMenu(page)).toBeVisible();
    if (shows) await expect(page.getByRole('heading', { level: 1, name: shows })).toBeVisible();
    expect(await storedSession(page)).toContain('access_token');

    // A reload restores the stored session without another visit to the IdP.
    await page.reload();
    await expect(userMenu(page)).toBeVisible();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === address);
  });
}

test("a tampered state ends on /error/500, with 'Incorrect state' logged", async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/cases');
  await expect(emailField(page)).toBeFocused();
  // The state the console stored no longer matches the one the IdP will send back.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('watchfloor.session') ?? '{}');
    localStorage.setItem('watchfloor.session', JSON.stringify({ ...session, oauthState: btoa('12345') }));
  });
  await signInAtIdp(page, ANALYST);

  await expect(page).toHaveURL(/\/error\/500$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'An error occurred while processing your request.' }),
  ).toBeVisible();
  expect(logged).toContain('Sign-in failed: Incorrect state');
  await expectAccessible(page);
  expect(await storedSession(page)).not.toContain('access_token');
  expect(await storedSession(page)).not.toContain('oauthState');
});

test('a forged callback with no sign-in under way ends on /error/500', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/login/callback?state=Zm9yZ2Vk&code=stolen-code');
  await expect(page).toHaveURL(/\/error\/500$/);
  await expect(page.getByRole('link', { name: 'Click here to try again' })).toBeVisible();
  expect(logged).toContain('Sign-in failed: Incorrect state');
});

test('a customer user opening /integrations lands on /error/403', async ({ page }) => {
  await page.goto('/integrations');
  await signInAtIdp(page, CUSTOMER);
  await expect(page).toHaveURL(/\/error\/403$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized Access' })).toBeVisible();
  await expectAccessible(page);
});

test('logout returns to the sign-in page, and a protected page then needs sign-in again', async ({
  page,
}) => {
  await page.goto('/alerts');
  await signInAtIdp(page, ANALYST);
  await expect(userMenu(page)).toBeVisible();

  // The user menu from the keyboard: ArrowUp opens it on its last entry, 'Log out'.
  await userMenu(page).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(emailField(page)).toBeVisible();
  expect(await storedSession(page)).not.toContain('access_token');

  // The IdP session ended too: nothing signs the browser in silently.
  await page.goto('/alerts');
  await expect(emailField(page)).toBeVisible();
  await signInAtIdp(page, ANALYST);
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(userMenu(page)).toBeVisible();
});
