import { expect } from '@playwright/test';
import { type FakeGraph, startFakeGraph } from '../helpers/fake-graph.ts';
import { addValidatedDefender } from './defender.ts';
import { ANALYST, expectAccessible, signIn, tabTo, test, typeInto, windJobClock } from './support.ts';

/**
 * Keyboard only: an analyst configures a Microsoft Defender XDR instance against a local server
 * speaking the Microsoft sign-in and Graph security API, validates it, maps a tenant, and sees the
 * pulled alert in the alerts list; then a pull Graph refuses is shown on the instance. The pull
 * runs every minute: the test winds the console's job clock past it (platform/test-clock.ts).
 */

const TENANT = 'acacacac-1111-4111-8111-1111111111e2';
const HOME = '0a0a0a0a-0000-4000-8000-0000000000e2';

let graph: FakeGraph;
test.beforeAll(async () => {
  graph = await startFakeGraph();
  // One page: Graph's next links name the address it was asked by, and the console asks by localhost.
  graph.pageSize = 100;
});
test.afterAll(async () => {
  await graph?.close();
});
test.afterEach(async ({ request }) => {
  await windJobClock(request, 0);
});

test('an analyst configures Defender XDR, sees its pulled alert, then the pull’s error on the instance', async ({
  page,
}) => {
  // A long journey that waits on two pulls of the background jobs.
  test.setTimeout(300_000);
  const title = `Defender ransomware ${Date.now()}`;
  graph.alerts.set(TENANT, [
    {
      id: `e2e-${Date.now()}`,
      tenantId: TENANT,
      title,
      severity: 'high',
      category: 'Ransomware',
      lastUpdateDateTime: new Date(Date.now() - 60_000).toISOString(),
    },
  ]);

  await signIn(page, ANALYST, '/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const name = `Defender XDR ${Date.now()}`;
  await addValidatedDefender(page, name, HOME, graph);
  expect(graph.tokenRequests).toContain(HOME);

  const mappingForm = page.getByRole('form', { name: 'Map customer' });
  await tabTo(page, mappingForm.getByLabel('Customer'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await typeInto(mappingForm.getByLabel('External ID'), TENANT);
  await tabTo(page, mappingForm.getByRole('button', { name: 'Map customer' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: TENANT })).toBeVisible();
  const instance = page.url();

  // The next minute's pull brings the tenant's alert in. Each look that finds the list drawn
  // without it winds the job clock a minute on, so a pull that ran late (a busy machine) never
  // leaves the next one waiting for real time.
  let offset = 61;
  await windJobClock(page.request, offset);
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const alertRows = page.getByRole('grid', { name: 'Alerts' }).getByRole('row');
  await expect(async () => {
    await page.reload();
    await expect(alertRows.nth(1)).toBeVisible();
    if (!(await page.getByText(title).isVisible())) {
      offset += 61;
      await windJobClock(page.request, offset);
    }
    await expect(page.getByText(title)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });

  // Graph refuses every pull from now on (the role was taken away): the instance says what it said.
  graph.refuse('/v1.0/security/alerts_v2', {
    status: 403,
    body: { error: { code: 'Forbidden', message: 'Missing role SecurityAlert.Read.All' } },
  });
  offset += 61;
  await windJobClock(page.request, offset);
  await page.goto(instance);
  // Drawn before the first reload: a reload while the page still asks who is signed in would end
  // the session.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    if (!(await page.getByTestId('pull-error').isVisible())) {
      offset += 61;
      await windJobClock(page.request, offset);
    }
    await expect(page.getByTestId('pull-error')).toContainText(
      'Forbidden: Missing role SecurityAlert.Read.All',
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await expect(page.getByTestId('pull-error')).toContainText('The last pull of alerts failed:');
  await expectAccessible(page);
});
