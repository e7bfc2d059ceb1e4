import { expect } from '@playwright/test';
import { CUSTOMER_USER, expectAccessible, signIn, test } from './support.ts';

test('the provisioning status says how long it takes, and a signed-in customer sees where theirs stands', async ({
  page,
}) => {
  // Signed out: the page is open, says how long provisioning takes and offers the sign-in.
  await page.goto('/status/provisioning');
  await expect(page.getByRole('heading', { name: 'Your platform is being provisioned' })).toBeVisible();
  await expect(page.getByText('Provisioning can take up to 2 business days')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Signed in as a customer user: their one customer, provisioned long ago, with its agents.
  await signIn(page, CUSTOMER_USER);
  await page.goto('/status/provisioning');
  const list = page.getByRole('list', { name: 'Provisioning of your customers' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first().getByRole('heading')).toHaveText(/Acme/);
  await expect(items.first().getByText('Ready', { exact: true })).toBeVisible();
  await expect(items.first().getByText(/\d+ agents? connected/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expectAccessible(page);

  // From the keyboard, on to the console.
  const back = page.getByRole('link', { name: 'Go to the console' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});
