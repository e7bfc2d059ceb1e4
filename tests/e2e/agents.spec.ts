import { expect } from '@playwright/test';
import { apiHeaders, switchOnAgentActions } from './api-calls.ts';
import { startSimulator } from './simulator.ts';
import {
  ANALYST,
  CUSTOMER_USER,
  expectAccessible,
  openPalette,
  palette,
  signIn,
  tabTo,
  test,
  typeInto,
} from './support.ts';

/** Acme Corp's own administrator: a customer user with modify_all. */
const CUSTOMER_ADMIN = 'admin@acme.example';

/** Keyboard only: j/k and Enter work the list, Tab walks the page, Enter answers the questions. */

test('an analyst filters the fleet, opens an agent, asks it to isolate and cancels the queued action', async ({
  page,
}) => {
  // A long walk (list, agent, request, cancel) with two accessibility checks.
  test.slow();
  await signIn(page, ANALYST, '/agents');
  await switchOnAgentActions(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Agents' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  // The Offline filter narrows the list to agents that missed their check-in. (Offline, not
  // Online: no agent checks in on the demo data, so online agents only grow fewer as the suite runs.)
  const offline = page.getByRole('checkbox', { name: 'Offline', exact: true });
  await tabTo(page, offline);
  await page.keyboard.press('Space');
  await expect(offline).toBeChecked();
  await expect(grid.locator('[data-row-index="0"] .agent-status')).toHaveText('Offline');

  // j leaves the filter chips for the list (keys on a focused chip still reach the list), and
  // puts the focus on the first row's host.
  await page.keyboard.press('j');
  const first = grid.locator('[data-row-index="0"]');
  await expect(first.getByRole('link')).toBeFocused();
  const host = (await first.getByRole('link').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();

  // Isolate is the first action; the page asks first and then shows it queued.
  await tabTo(page, page.getByRole('button', { name: 'Ask the agent…' }));
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Isolate?' });
  await expect(ask).toContainText(host);
  await tabTo(page, ask.getByRole('button', { name: 'Isolate' }));
  await page.keyboard.press('Enter');
  const queued = page.locator('.agent-action[data-status="queued"]').first();
  await expect(queued).toContainText('Queued');
  await expectAccessible(page);

  await tabTo(page, queued.getByRole('button', { name: 'Cancel Isolate' }));
  await page.keyboard.press('Enter');
  const cancel = page.getByRole('dialog', { name: 'Cancel this action?' });
  await tabTo(page, cancel.getByRole('button', { name: 'Cancel the action' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('.agent-action[data-status="cancelled"]').first()).toContainText('Cancelled');
});

test('the agent health chart and links open the list filtered, and keyboard filter changes go back into the address', async ({
  page,
}) => {
  // The dashboard's agent health chart: Enter on its first bar opens the list of that status.
  await signIn(page, ANALYST, '/');
  const health = page
    .locator('section.dashboard-card')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Agent health' }) })
    .getByRole('application');
  await tabTo(page, health);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/agents\?status=online$/);
  await expect(page.getByRole('checkbox', { name: 'Online', exact: true })).toBeChecked();

  await page.goto('/agents?status=offline');
  const grid = page.getByRole('grid', { name: 'Agents' });
  const offline = page.getByRole('checkbox', { name: 'Offline', exact: true });
  await expect(offline).toBeChecked();
  await expect(grid.locator('[data-row-index="0"]')).toBeVisible();
  const statuses = await grid.locator('[data-row-index] .agent-status').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Offline']));

  // Online as well: the address says both, in the filters' order (no agent is both).
  const online = page.getByRole('checkbox', { name: 'Online', exact: true });
  await tabTo(page, online);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/agents\?status=offline,online$/);
  await expect(grid.locator('[data-row-index]')).toHaveCount(0);

  // Both off again, then a search: the address carries the text once typing pauses.
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+Tab');
  await expect(offline).toBeFocused();
  await page.keyboard.press('Space');
  await expect(offline).not.toBeChecked();
  await expect(page).toHaveURL(/\/agents$/);
  const search = page.locator('.agents-filters__search input');
  await tabTo(page, search);
  await page.keyboard.type('srv-');
  await expect(page).toHaveURL(/\/agents\?q=srv-$/);
  await expect(grid.locator('[data-row-index="0"]')).toContainText('SRV-');
});

test("a customer user sees only their customer's agents", async ({ page }) => {
  await signIn(page, CUSTOMER_USER, '/agents');
  const grid = page.getByRole('grid', { name: 'Agents' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const customers = await grid.locator('[data-row-index] [role="gridcell"]:nth-child(3)').allTextContents();
  expect(customers.length).toBeGreaterThan(0);
  expect(new Set(customers)).toEqual(new Set(['Acme Corp']));
});

test('a customer user without modify_all sees no action buttons and the API refuses an isolate', async ({
  page,
}) => {
  await signIn(page, CUSTOMER_USER, '/agents');
  // Even with the labs toggle on: the toggle is a preference, the permission decides.
  await switchOnAgentActions(page);
  const grid = page.getByRole('grid', { name: 'Agents' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await page.keyboard.press('j');
  const first = grid.locator('[data-row-index="0"]');
  await expect(first.getByRole('link')).toBeFocused();
  const host = (await first.getByRole('link').textContent()) ?? '';
  const agentId = (await first.getByRole('link').getAttribute('href'))?.split('/').pop() ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Queue' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask the agent…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Cancel / })).toHaveCount(0);
  // The palette offers no agent command either.
  const box = await openPalette(page);
  await typeInto(box, '>isolate');
  await expect(box).toHaveValue('>isolate');
  await expect(palette(page).getByRole('option', { name: /Isolate from the network/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAccessible(page);

  const refused = await page.request.post(`/api/agents/v1/agents/${agentId}/actions/isolate`, {
    headers: await apiHeaders(page),
    data: {},
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('modify_all');
});

test('a customer administrator turns on the syslog forwarder their compliance licence allows, from the keyboard', async ({
  page,
}) => {
  await signIn(page, CUSTOMER_ADMIN, '/agents');
  const grid = page.getByRole('grid', { name: 'Agents' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await page.keyboard.press('j');
  const first = grid.locator('[data-row-index="0"]');
  await expect(first.getByRole('link')).toBeFocused();
  const host = (await first.getByRole('link').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();

  // The tabs open on Actions; the arrow keys move to Overview.
  await tabTo(page, page.getByRole('tab', { name: 'Actions' }));
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const syslog = page.getByRole('checkbox', { name: 'Syslog forwarder' });
  await expect(syslog).toBeEnabled();
  await expect(page.getByText(/disabled without a compliance licen[cs]e/)).toHaveCount(0);
  const wasOn = await syslog.isChecked();
  await tabTo(page, syslog);
  await page.keyboard.press('Space');
  await expect(page.getByText('Saved. The agent applies it at its next check-in.')).toBeVisible();
  await expect(syslog).toBeChecked({ checked: !wasOn });
  // Not an Owner: no grant form, and no terminal without a certificate.
  await expect(page.getByRole('button', { name: 'Grant and e-mail' })).toHaveCount(0);
  await expect(page.getByText(/You hold no terminal certificate for this customer\./)).toBeVisible();
  await expectAccessible(page);
});

test('an analyst isolates an agent the simulator runs, sees it delivered and succeeded with the receipt, ends the isolation, then isolates it again from an alert about it', async ({
  page,
  baseURL,
}) => {
  // Three round trips through a real agent that checks in every 10 s (the protocol's shortest).
  test.setTimeout(180_000);
  // Staff hand out an enrolment token for Acme Corp (one use) through the API, as the console's
  // own calls do: the session's bearer token and the XSRF cookie echoed in its header.
  await signIn(page, ANALYST, '/agents');
  await switchOnAgentActions(page);
  const headers = await apiHeaders(page);
  const listed = await page.request.get('/api/management/customers', { headers });
  expect(listed.status(), await listed.text()).toBe(200);
  const { customers } = (await listed.json()) as { customers: { customer_id: string; name: string }[] };
  const acme = customers.find((c) => c.name === 'Acme Corp');
  expect(acme).toBeDefined();
  const created = await page.request.post('/api/agents/v1/enrolment-tokens', {
    headers,
    data: { customer_id: acme!.customer_id, name: 'Isolation drill', use_limit: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = (await created.json()) as { token: string };

  // Host names unique to this run, so a retried test never meets the agent of an earlier try.
  const prefix = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 10);
  const fleet = startSimulator([
    '--customer',
    acme!.customer_id,
    '--count',
    '1',
    '--interval',
    '10',
    '--url',
    baseURL!,
    '--token',
    token,
    '--prefix',
    prefix,
  ]);
  try {
    const [, host, agentId] = await fleet.waitFor(/enrolled (\S+) as ([0-9a-f-]{36})/);

    // The analyst finds the new agent by its host name and opens it.
    await page.reload();
    const grid = page.getByRole('grid', { name: 'Agents' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Host name or IP' });
    await tabTo(page, search);
    await page.keyboard.type(host!);
    const row = grid.locator('[data-row-index="0"]');
    await expect(row).toContainText(host!);
    await expect(grid.locator('[data-row-index="1"]')).toHaveCount(0);
    await tabTo(page, row);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();

    // Isolate, asked first.
    await tabTo(page, page.getByRole('button', { name: 'Ask the agent…' }));
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Isolate?' });
    await expect(ask).toContainText(host!);
    await tabTo(page, ask.getByRole('button', { name: 'Isolate' }));
    await page.keyboard.press('Enter');
    const isolation = page.locator('.agent-action[aria-label="Isolate"]').first();
    await expect(isolation).toHaveAttribute('data-status', /queued|delivered|running/);
    // Sent is not done: until the agent says so, nothing reads Succeeded.
    await expect(isolation.locator('.badge')).not.toHaveText('Succeeded');

    // The agent picks it up at its next check-in; the console follows it to its end.
    const [, isolateReceipt] = await fleet.waitFor(new RegExp(`${host} isolate (\\w+)`));
    expect(isolateReceipt).toBe('succeeded');
    const done = page.locator('.agent-action[aria-label="Isolate"][data-status="succeeded"]').first();
    await expect(done).toBeVisible({ timeout: 30_000 });
    await expect(done.locator('.badge')).toHaveText('Succeeded');
    const steps = done.locator('.agent-action__steps li');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText('Queued');
    await expect(steps.nth(1)).toContainText('Delivered');
    await expect(steps.nth(2)).toContainText('Running');
    await expect(steps.nth(3)).toContainText('Succeeded');
    // The agent's receipt (`<host>:<action id>`) stands beside the steps it reported.
    await expect(steps.nth(3)).toContainText(new RegExp(`receipt ${host}:[0-9a-f]{8}`));
    await expect(done).toContainText('Exit code 0');
    await expectAccessible(page);

    // End the isolation: choose it by typing its name in the action list, asked first.
    await tabTo(page, page.getByRole('combobox', { name: 'Action' }));
    await page.keyboard.type('End');
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('deisolate');
    await tabTo(page, page.getByRole('button', { name: 'Ask the agent…' }));
    await page.keyboard.press('Enter');
    const askEnd = page.getByRole('dialog', { name: 'End isolation?' });
    await expect(askEnd).toContainText(host!);
    await tabTo(page, askEnd.getByRole('button', { name: 'End isolation' }));
    await page.keyboard.press('Enter');
    const ending = page.locator('.agent-action[aria-label="End isolation"]').first();
    await expect(ending).toHaveAttribute('data-status', /queued|delivered|running/);
    await expect(ending.locator('.badge')).not.toHaveText('Succeeded');
    await fleet.waitFor(new RegExp(`${host} deisolate succeeded`));
    const ended = page.locator('.agent-action[aria-label="End isolation"][data-status="succeeded"]').first();
    await expect(ended).toBeVisible({ timeout: 30_000 });
    await expect(ended.locator('.agent-action__steps li').last()).toContainText(
      new RegExp(`Succeeded .*receipt ${host}:[0-9a-f]{8}`),
    );

    // An alert about the host arrives: it carries the agent, and >isolate on it acts on that agent.
    const raised = await page.request.post('/api/alerts/v1/alerts/', {
      headers,
      data: { customer_id: acme!.customer_id, title: 'Ransomware behaviour', type: 'edr', host_name: host },
    });
    expect(raised.status(), await raised.text()).toBe(201);
    const alert = (await raised.json()) as { id: number; agent_id: string | null };
    expect(alert.agent_id).toBe(agentId);
    await page.goto(`/alerts/${alert.id}`);
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByRole('link', { name: host })).toHaveAttribute('href', `/agents/${agentId}`);
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await page.keyboard.type('>isolate');
    // Enter puts the command in the box with its lengths; Enter again takes an hour; it asks first.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(palette).toContainText(
      `Isolate 1 agent from the network for 1 hour? On agent ${host}, from alert #${alert.id}.`,
    );
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    const activity = page.getByRole('region', { name: 'Activity' });
    const fromAlert = activity.locator('.agent-action[aria-label="Isolate"]').first();
    await expect(fromAlert).toHaveAttribute('data-status', /queued|delivered|running/);
    await expect(fromAlert.getByRole('link', { name: host })).toBeVisible();
    // While the action waits on its agent the alert's activity follows it, step by step.
    const doneFromAlert = activity.locator('.agent-action[aria-label="Isolate"][data-status="succeeded"]');
    await expect(doneFromAlert).toBeVisible({ timeout: 40_000 });
    const alertSteps = doneFromAlert.locator('.agent-action__steps li');
    await expect(alertSteps).toHaveCount(4);
    await expect(alertSteps.nth(3)).toContainText(new RegExp(`Succeeded .*receipt ${host}:[0-9a-f]{8}`));
    await expectAccessible(page);
  } finally {
    await fleet.stop();
  }
});
