import { expect, type Page } from '@playwright/test';
import { apiHeaders } from './api-calls.ts';
import {
  ANALYST,
  choose,
  expectAccessible,
  openPalette,
  screenShown,
  signInAtIdp,
  tabTo,
  test,
} from './support.ts';

const EXTENSION = 'abcdefghijklmnopabcdefghijklmnop';
const REDIRECT = `chrome-extension://${EXTENSION}/connected.html`;

/** Acme's id, and its Chrome extension policy turned on and reporting blocked visits (the customers screen's job). */
async function acmeReporting(page: Page) {
  const headers = await apiHeaders(page);
  const listed = await page.request.get('/api/management/customers', { headers });
  expect(listed.status()).toBe(200);
  const acme = (await listed.json()).customers.find((c: { name: string }) => c.name === 'Acme Corp');
  const saved = await page.request.put(`/api/management/customers/${acme.customer_id}/chrome-policy`, {
    headers,
    data: {
      enabled: true,
      risky_domain_mode: 'block',
      password_reuse_warning: true,
      allowed_domains: ['acme.example'],
      blocked_domains: ['evil.example', 'phish.example'],
      report_blocked_visits: true,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return acme.customer_id as string;
}

const consentPath = (customerId: string, state: string) =>
  `/connectors/chrome?customer_id=${customerId}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=${state}`;

const extensionCall = (page: Page, token: string) =>
  page.request.get('/api/connector/v1/chrome/policy', { headers: { authorization: `Bearer ${token}` } });

test('the browser extension is approved from the keyboard, hands over its credential, is denied, and is revoked', async ({
  page,
}) => {
  // Signed out, the consent page asks for a sign-in first and comes back to the request.
  await page.goto(
    '/connectors/chrome?customer_id=00000000-0000-4000-8000-000000000000&redirect_uri=x&state=s',
  );
  await expect(page.getByText("Sign in to review the extension's request.")).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');
  await signInAtIdp(page, ANALYST);
  await expect(page).toHaveURL(/\/connectors\/chrome\?customer_id=/);
  await expect(
    page.getByRole('heading', { name: 'Connect the Watchfloor extension for Chrome' }),
  ).toBeVisible();
  // That address was no extension's: nothing can be handed to it, and nothing is offered.
  await expect(page.getByText('is not an address of a Chrome extension')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const acmeId = await acmeReporting(page);
  await page.goto(consentPath(acmeId, 'state-1'));
  await expect(page.getByText('asks to act for Acme Corp')).toBeVisible();
  const scopes = page.getByRole('list', { name: 'What the extension may do' });
  await expect(scopes.getByRole('listitem')).toHaveText([
    /Read the Chrome extension policy of Acme Corp/,
    'Report blocked visits as alerts of Acme Corp',
  ]);
  await expect(page.getByText('2 blocked domains')).toBeVisible();
  await expectAccessible(page);

  // Approve: the redirect page shows the credential once and leads back to the extension with it.
  await tabTo(page, page.getByRole('button', { name: 'Approve' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/connectors\/chrome\/redirect$/);
  await expect(page.getByRole('heading', { name: 'The extension is connected to Acme Corp' })).toBeVisible();
  const token = await page.getByLabel('Connector credential').inputValue();
  expect(token).toMatch(/^wfc_/);
  const back = page.getByRole('link', { name: 'Return to the extension' });
  const handover = new URL((await back.getAttribute('href')) ?? '');
  expect(`${handover.protocol}//${handover.host}${handover.pathname}`).toBe(REDIRECT);
  const fragment = new URLSearchParams(handover.hash.slice(1));
  expect([fragment.get('token'), fragment.get('state')]).toEqual([token, 'state-1']);
  await expectAccessible(page);
  expect((await extensionCall(page, token)).status()).toBe(200);

  // Reloaded, the page has nothing to hand over: the credential was shown once.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nothing to hand over' })).toBeVisible();

  // Deny: the page says so and returns the refusal with the state.
  await page.goto(consentPath(acmeId, 'state-2'));
  await tabTo(page, page.getByRole('button', { name: 'Deny' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: "You denied the extension's request" })).toBeVisible();
  const refusal = new URL(
    (await page.getByRole('link', { name: 'Return to the extension' }).getAttribute('href')) ?? '',
  );
  expect(Object.fromEntries(new URLSearchParams(refusal.hash.slice(1)))).toEqual({
    error: 'access_denied',
    state: 'state-2',
  });

  // Revoke it from the list of browser connectors, reached from the palette.
  await page.goto('/');
  // The screen itself, not the "Loading your session" heading before it: keys act from here.
  await screenShown(page);
  await openPalette(page);
  await choose(page, 'Browser connectors', 'Browser connectors');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Browser connectors' })).toBeVisible();
  // Newest first: this journey's connector heads Acme's rows (a retried run leaves the earlier one).
  const row = page.getByRole('row').filter({ hasText: 'Acme Corp' }).first();
  await expect(row).toContainText('Active');
  await expectAccessible(page);
  await tabTo(page, row.getByRole('button', { name: /^Revoke the connector of Acme Corp/ }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Revoke the browser connector of Acme Corp?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Browser connector revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  const refused = await extensionCall(page, token);
  expect(refused.status()).toBe(401);
});
