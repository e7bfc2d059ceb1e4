import { expect, type Locator, type Page } from '@playwright/test';
import { apiHeaders } from './api-calls.ts';
import { ANALYST, openPalette, palette, signIn, tabTo, test, typeInto } from './support.ts';

const FAR = 400;

async function raiseMalware(page: Page, customerId: string, title: string) {
  const raised = await page.request.post('/api/alerts/v1/alerts/', {
    headers: await apiHeaders(page),
    data: { customer_id: customerId, title, type: 'malware', priority: 'critical', host_name: 'wf-e2e-host' },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  return ((await raised.json()) as { id: number }).id;
}

/**
 * Keyboard only: a workflow made from the isolate template for one customer, its first step
 * filled in, tested against a past alert (each step says what it would do), published; a
 * matching alert starts a run that the run history shows with its steps. Editing the published
 * workflow makes a new draft while the published version keeps running; a draft is deleted after
 * the list asks first; the alert's own screen lists the run with its steps.
 */
test('a workflow from the isolate template is tested, published, runs on a matching alert, and a draft is deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ANALYST, '/workflows');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  const listed = await page.request.get('/api/management/customers', { headers: await apiHeaders(page) });
  const { customers } = (await listed.json()) as { customers: { customer_id: string; name: string }[] };
  const acme = customers.find((c) => c.name === 'Acme Corp')!;
  const pastAlert = await raiseMalware(page, acme.customer_id, 'Past malware for the test run');

  // From the template: pick it, then "Create from template".
  const template = page.getByLabel('Template to start from');
  await tabTo(page, template, FAR);
  await template.selectOption({ label: 'Isolate on critical malware' });
  await tabTo(page, page.getByRole('button', { name: 'Create from template' }), FAR);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Isolate on critical malware' })).toBeVisible();
  await expect(page.getByTestId('workflow-state')).toHaveText('Draft');
  const workflowUrl = page.url();

  // One customer; the first step's message filled in.
  const customer = page.getByRole('checkbox', { name: 'Acme Corp' });
  await tabTo(page, customer, FAR);
  await page.keyboard.press('Space');
  await expect(customer).toBeChecked();
  const message = page.getByRole('listitem', { name: /^Step 1:/ }).getByLabel('Message');
  await tabTo(page, message, FAR);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Isolating {{trigger.alert.host_name}} of {{trigger.customer.name}} (e2e).');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Draft saved')).toBeVisible();

  // The test run against the past alert: what each step would do.
  const alertField = page.getByLabel('Alert ID');
  await tabTo(page, alertField, FAR);
  await page.keyboard.type(String(pastAlert));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The alert matches the trigger.')).toBeVisible();
  const would = page.locator('.workflow-test__would');
  await expect(would).toHaveCount(3);
  await expect(would.first()).not.toBeEmpty();

  // Publish from the form (Ctrl+Enter).
  await tabTo(page, page.getByLabel('Name'), FAR);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Workflow published')).toBeVisible();
  await expect(page.getByTestId('workflow-state')).toHaveText('Published');

  // A matching alert starts a run; the run history shows it with its steps.
  const freshAlert = await raiseMalware(page, acme.customer_id, 'Fresh malware for the published workflow');
  const runsTab = page.getByRole('tab', { name: 'Runs' });
  await tabTo(page, page.getByRole('tab', { name: 'Test run' }), FAR);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(runsTab).toHaveAttribute('aria-selected', 'true');
  const open = page.getByRole('button', { name: 'Steps', exact: true }).first();
  await expect(open).toBeVisible({ timeout: 30_000 });
  await tabTo(page, open, FAR);
  await page.keyboard.press('Enter');
  const steps = page.getByRole('region', { name: "The run's steps" }).locator('.workflow-run__step');
  await expect(steps.first()).toContainText('note', { timeout: 30_000 });

  // Editing the published workflow: a new draft, while version 1 keeps running.
  await tabTo(page, message, FAR);
  await page.keyboard.press('End');
  await page.keyboard.type(' Edited.');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('workflow-state')).toHaveText('Published, with unpublished changes');
  await expect(page.getByText('Version 1 runs')).toBeVisible();
  expect(page.url()).toBe(workflowUrl);

  // A new draft, deleted from the list after it asks.
  await tabTo(page, page.getByRole('link', { name: 'Back to workflows' }), FAR);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'New workflow' }), FAR);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled' })).toBeVisible();
  const draftId = page.url().split('/').pop()!;
  await tabTo(page, page.getByRole('link', { name: 'Back to workflows' }), FAR);
  await page.keyboard.press('Enter');
  const row = page.locator(`[data-row-index][data-workflow="${draftId}"]`);
  await expect(row).toBeVisible();
  await tabTo(page, row.getByRole('link'), FAR);
  await tabTo(page, page.getByRole('button', { name: /^Delete / }), FAR);
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Delete workflow?' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, ask.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Deleted Untitled')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The alert that started the run shows it in its Workflow runs, opened to its steps.
  await page.goto(`/alerts/${freshAlert}`);
  const alertRuns = page.getByRole('region', { name: 'Workflow runs' });
  const alertRun = alertRuns.getByRole('button', { name: 'Steps of Isolate on critical malware, version 1' });
  await expect(alertRun).toBeVisible({ timeout: 30_000 });
  await tabTo(page, alertRun, FAR);
  await page.keyboard.press('Enter');
  const alertSteps = alertRuns.getByRole('region', { name: "The run's steps" });
  await expect(alertSteps).toBeFocused();
  await expect(alertSteps.locator('.workflow-run__step').first()).toContainText('note');
});

/** Into the grid with Tab, then j or k along its rows until the link has focus (the cursor's row is the tab stop). */
async function rowTo(page: Page, grid: Locator, link: Locator) {
  const inGrid = () => grid.evaluate((el) => el.contains(document.activeElement));
  for (let i = 0; i < FAR && !(await inGrid()); i++) await page.keyboard.press('Tab');
  for (const key of ['j', 'k']) {
    for (let i = 0; i < 20; i++) {
      if (await link.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press(key);
    }
  }
  throw new Error(`j and k never reached ${link}`);
}

/**
 * Keyboard only: a template opened from the list is saved as a new one under a name typed in the
 * dialog, which opens the copy; back in the list the copy is deleted after the list asks first
 * (Cancel has the focus). Then `>rerun-workflows` on an alert asks first and queues its workflows.
 */
test('a template is saved as a new one and deleted after asking; an alert’s workflows are re-run from the palette', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Isolate quietly ${Date.now()}`;
  await signIn(page, ANALYST, '/workflows/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflow templates' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Workflow templates' });
  const source = grid.getByRole('link', { name: 'Isolate on critical malware' });
  await rowTo(page, grid, source);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Isolate on critical malware' })).toBeVisible();
  const sourceUrl = page.url();

  await tabTo(page, page.getByRole('button', { name: 'Save as new template' }), FAR);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  const field = dialog.getByRole('textbox', { name: /Template name/ });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Isolate on critical malware');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Saved as template ${name}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(page.url()).not.toBe(sourceUrl);

  await tabTo(page, page.getByRole('link', { name: 'Back to templates' }), FAR);
  await page.keyboard.press('Enter');
  const copy = grid.getByRole('link', { name, exact: true });
  await expect(copy).toBeVisible();
  await rowTo(page, grid, copy);
  const remove = page.getByRole('button', { name: `Delete ${name}` });
  await tabTo(page, remove, FAR);
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Delete template?' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(copy).toBeVisible();
  await tabTo(page, remove, FAR);
  await page.keyboard.press('Enter');
  await tabTo(page, ask.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Deleted ${name}`)).toBeVisible();
  await expect(copy).toHaveCount(0);
  await expect(source).toBeVisible();

  // An alert's workflows run again from the palette, after it asks.
  const listed = await page.request.get('/api/management/customers', { headers: await apiHeaders(page) });
  const { customers } = (await listed.json()) as { customers: { customer_id: string; name: string }[] };
  const alertId = await raiseMalware(
    page,
    customers.find((c) => c.name === 'Acme Corp')!.customer_id,
    'Malware to run the workflows on again',
  );
  await page.goto(`/alerts/${alertId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText('created it');
  const box = await openPalette(page);
  await typeInto(box, '>rerun-workflows');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(
    'Re-run the workflows of the selected alerts',
  );
  await page.keyboard.press('Enter');
  await expect(palette(page).getByText('Re-run the workflows of this alert?')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(
    page.locator('.toast').filter({ hasText: 'Workflows queued again for 1 alert' }),
  ).toBeVisible();
  // The request is recorded with the alert's activity as it is made: read again, it shows.
  await page.reload();
  await expect(activity).toContainText('re-ran the workflows');
});
