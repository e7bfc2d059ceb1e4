import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ANALYST, expectAccessible, signIn, tabTo, test } from './support.ts';

const PASSWORD = 'a new passphrase for Northwind';

/** Undoes quoted-printable (long lines of the mail are folded with soft breaks). */
const unfold = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The invitation as the person receives it: the server's local outbox writes each message as an
 * .eml file under <data>/outbox (scripts/e2e-server.mjs puts the data folder in the temp folder);
 * the mail lane of the job runner sends it within seconds.
 */
async function invitationLink(email: string): Promise<string> {
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    const folders = (await readdir(tmpdir())).filter((name) => name.startsWith('watchfloor-e2e-'));
    for (const folder of folders) {
      const outbox = join(tmpdir(), folder, 'outbox');
      const files = await readdir(outbox).catch(() => [] as string[]);
      for (const file of files) {
        const text = unfold(await readFile(join(outbox, file), 'utf8').catch(() => ''));
        if (!text.includes(`To: ${email}`)) continue;
        const link = /(https?:\/\/\S+\/idp\/invitation\/\S+)/.exec(text)?.[1];
        if (link) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`no invitation for ${email} in the outbox`);
}

async function typeInto(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

test('an analyst invites a user for a customer, who sets a password, signs in and sees only that customer', async ({
  page,
  browser,
}) => {
  // The mail goes out with the next run of the minute's job.
  test.slow();
  await signIn(page, ANALYST, '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Users' })).toBeVisible();
  await expectAccessible(page);

  // j/k move through the people; Enter opens one, Esc closes it again.
  const rows = page.getByRole('grid', { name: 'Users' }).locator('[data-row-index]');
  await tabTo(page, page.getByRole('button', { name: 'Invite user' }));
  await page.keyboard.press('j');
  await expect(rows.nth(0).getByRole('button')).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1).getByRole('button')).toBeFocused();
  const second = (await rows.nth(1).getByRole('button').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: second })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: second })).toBeHidden();
  await expectAccessible(page);

  const email = `new.person.${Date.now()}@northwind.example`;
  await tabTo(page, page.getByRole('button', { name: 'Invite user' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await typeInto(page, email);
  await typeInto(page, 'Nora');
  await typeInto(page, 'West');
  await expect(dialog.getByLabel('Role level')).toBeFocused();
  await expectAccessible(page);
  const northwind = dialog.getByRole('checkbox', { name: 'Northwind Logistics' });
  await tabTo(page, northwind);
  await page.keyboard.press('Space');
  await expect(northwind).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Send invitation' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const details = page.getByRole('region', { name: 'Nora West' });
  await expect(details).toContainText('Invited, no password set yet');
  await expect(details).toContainText('Northwind Logistics');
  await expectAccessible(page);

  const link = await invitationLink(email);
  const invited = await browser.newContext();
  const person = await invited.newPage();
  await person.goto(link);
  await expect(person.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(person.locator('#password')).toBeFocused();
  await expectAccessible(person);
  await typeInto(person, PASSWORD);
  await expect(person.locator('#confirm')).toBeFocused();
  await person.keyboard.type(PASSWORD);
  await person.keyboard.press('Enter');
  await expect(person.getByRole('heading', { name: 'Password set' })).toBeVisible();
  await expectAccessible(person);
  await expect(person.getByRole('link', { name: 'Sign in' })).toBeFocused();
  await person.keyboard.press('Enter');

  await expect(person.locator('#email')).toBeFocused();
  await typeInto(person, email);
  await person.keyboard.type(PASSWORD);
  await person.keyboard.press('Enter');
  await expect(person.getByRole('navigation', { name: /./ }).locator('a[href="/alerts"]')).toBeVisible();
  await person.goto('/customers');
  const grid = person.getByRole('grid', { name: 'Customers' });
  await expect(grid).toBeVisible();
  await expect(grid.locator('[data-customer-id]')).toHaveCount(1);
  await expect(grid.locator('[data-customer-id]')).toContainText('Northwind Logistics');
  await invited.close();

  // The link is spent.
  const again = await browser.newPage();
  await again.goto(link);
  await expect(again.getByText('This invitation link is not valid')).toBeVisible();
  await again.close();
});

test('an analyst makes a read-only API key for one customer, uses it once and revokes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  await signIn(page, ANALYST, '/profile#security');
  const security = page.getByRole('region', { name: 'Login and authentication' });
  await expect(security.getByRole('table', { name: 'Sessions' })).toContainText('This session');
  await expectAccessible(page);

  const name = `Export ${Date.now()}`;
  await tabTo(page, security.getByLabel('Name', { exact: true }));
  await page.keyboard.type(name);
  const northwind = security.getByRole('checkbox', { name: 'Northwind Logistics' });
  await tabTo(page, northwind);
  await page.keyboard.press('Space');
  await tabTo(page, security.getByRole('button', { name: 'Create key' }));
  await page.keyboard.press('Enter');
  const secret = security.getByLabel(/Your new key/);
  await expect(secret).toHaveValue(/^wfk_/);
  const key = await secret.inputValue();
  await expect(security.getByRole('table', { name: 'API keys' })).toContainText(name);
  await expectAccessible(page);

  const script = await playwright.request.newContext({ baseURL });
  const asKey = { headers: { authorization: `Bearer ${key}` } };
  const customers = await script.get('/api/management/customers', asKey);
  expect(customers.status()).toBe(200);
  expect((await customers.json()).customers.map((c: { name: string }) => c.name)).toEqual([
    'Northwind Logistics',
  ]);
  const write = await script.post('/api/alerts/v1/alerts/test', { ...asKey, data: {} });
  expect(write.status()).toBe(403);

  await tabTo(page, security.getByRole('button', { name: `Revoke ${name}` }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: `Revoke ${name}?` });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Revoke' }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(security.getByRole('table', { name: 'API keys' })).toContainText('Revoked');
  expect((await script.get('/api/management/customers', asKey)).status()).toBe(401);
  await script.dispose();
});
