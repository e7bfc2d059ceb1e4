import { expect, type Page } from '@playwright/test';
import type { FakeGraph } from '../helpers/fake-graph.ts';
import { choose, fill, openPalette, tabTo, typeInto } from './support.ts';

/**
 * From the integrations page, keyboard only: adds a Microsoft Defender XDR integration named
 * `name` for the tenant, points every Microsoft address at the fake Graph, saves and validates it.
 * Ends on the integration's page, validated.
 */
export async function addValidatedDefender(page: Page, name: string, tenantId: string, graph: FakeGraph) {
  // The console reaches the local server as localhost, the one internal name it may call in these runs.
  const address = graph.url.replace('127.0.0.1', 'localhost');
  await tabTo(page, page.getByRole('button', { name: 'Add integration' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add an integration' });
  await tabTo(page, dialog.getByLabel('Kind'));
  await expect(dialog.getByRole('option', { name: 'Microsoft Defender XDR' })).toBeAttached();
  // Webhook, syslog, then Defender XDR.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Kind')).toHaveValue('microsoft_defender_xdr');
  await page.keyboard.press('Tab');
  await typeInto(dialog.getByLabel('Name'), name);
  await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await fill(page, page.getByLabel('Tenant ID'), tenantId);
  await fill(page, page.getByLabel('Client ID'), graph.clientId);
  await fill(page, page.getByLabel('Client secret'), graph.clientSecret);
  await fill(page, page.getByLabel('Sign-in address'), address);
  await fill(page, page.getByLabel('Microsoft Graph address'), address);
  await fill(page, page.getByLabel('Defender for Endpoint API address'), address);
  await fill(page, page.getByLabel('Pull every (seconds)'), '60');
  await tabTo(page, page.getByRole('button', { name: 'Save settings' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Set. Leave empty to keep it.')).toBeVisible();

  await openPalette(page);
  await choose(page, '>validate', 'Validate the integration');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('integration-state')).toHaveText('Validated');
}
