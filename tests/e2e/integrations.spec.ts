import { createHmac } from 'node:crypto';
import { expect } from '@playwright/test';
import {
  ANALYST,
  choose,
  expectAccessible,
  openPalette,
  signIn,
  tabTo,
  test,
  typeInto,
  workerURL,
} from './support.ts';

const SECRET = `e2e-signing-secret-${'x'.repeat(24)}`;

/**
 * Keyboard only: an analyst adds a webhook integration, sets its signing secret, validates it from
 * the palette, maps its tenant to a customer; a sender posts a signed alert and the analyst sees it
 * in the alerts list.
 */
test('an analyst configures a webhook integration, maps its tenant and sees a signed alert arrive', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expectAccessible(page);

  await tabTo(page, page.getByRole('button', { name: 'Add integration' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add an integration' });
  await tabTo(page, dialog.getByLabel('Kind'));
  // Webhook is the first kind offered, once the kinds have arrived.
  await expect(dialog.getByRole('option', { name: 'Webhook' })).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Kind')).toHaveValue('webhook');
  const name = `Webhook ${Date.now()}`;
  await page.keyboard.press('Tab');
  await typeInto(dialog.getByLabel('Name'), name);
  await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('integration-state')).toHaveText('Not validated');

  // The signing secret: too short first (the spec's wording), then long enough.
  const secret = page.getByLabel('Signing secret');
  await tabTo(page, secret);
  await page.keyboard.type('short');
  await tabTo(page, page.getByRole('button', { name: 'Save settings' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The value is too short. It must be at least 32 characters.')).toBeVisible();
  await tabTo(page, secret);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(SECRET);
  await tabTo(page, page.getByRole('button', { name: 'Save settings' }));
  await page.keyboard.press('Enter');
  // The event bridge says the secret is set once the server has it.
  await expect(
    page.getByRole('definition').filter({ hasText: 'Set. Leave empty to keep it.' }),
  ).toBeVisible();
  await expectAccessible(page);

  // Validate from the palette; then mapping is offered.
  await openPalette(page);
  await choose(page, '>validate', 'Validate the integration');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('integration-state')).toHaveText('Validated');

  const mappingForm = page.getByRole('form', { name: 'Map customer' });
  await tabTo(page, mappingForm.getByLabel('Customer'));
  await page.keyboard.press('ArrowDown');
  const customer = await mappingForm
    .getByLabel('Customer')
    .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
  const tenant = `tenant-${Date.now()}`;
  await page.keyboard.press('Tab');
  await typeInto(mappingForm.getByLabel('External ID'), tenant);
  await tabTo(page, mappingForm.getByRole('button', { name: 'Map customer' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: tenant })).toContainText(customer);
  await expectAccessible(page);

  // A sender posts a signed alert.
  const title = `Signed webhook alert ${Date.now()}`;
  const body = JSON.stringify({ tenant, title, priority: 'high', type: 'webhook' });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
  const delivered = await fetch(new URL(`/api/ingest/v1/webhooks/${id}`, workerURL()), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-watchfloor-timestamp': timestamp,
      'x-watchfloor-signature': signature,
    },
    body,
  });
  expect(delivered.status).toBe(201);

  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
});
