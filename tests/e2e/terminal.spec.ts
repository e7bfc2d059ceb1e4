import { expect, type Page } from '@playwright/test';
import { apiHeaders } from './api-calls.ts';
import { startSimulator } from './simulator.ts';
import { ADMIN, ANALYST, choose, expectAccessible, openPalette, signIn, tabTo, test } from './support.ts';

/** What the terminal shows, as its rows are drawn. */
const shown = (page: Page) => page.locator('.xterm-rows');
const status = (page: Page) => page.locator('.terminal-page__status');
/** A fresh load of the screen starts the session once its chunk and the user are in: on a loaded machine that is the wait. */
const LOADED = { timeout: 30_000 };

test('an analyst with a certificate opens a terminal on a simulated agent from the keyboard, runs a command, ends it; an administrator replays it; each of the five refusals shows its reason on the screen', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The Owner (the administrator) grants the analyst a certificate for Acme Corp and hands out
  // an enrolment token, through the console's own API calls.
  const owner = await browser.newPage();
  await signIn(owner, ADMIN, '/agents');
  const headers = await apiHeaders(owner);
  const { customers } = (await (
    await owner.request.get('/api/management/customers', { headers })
  ).json()) as {
    customers: { customer_id: string; name: string }[];
  };
  const acme = customers.find((c) => c.name === 'Acme Corp')!;
  const granted = await owner.request.post('/api/agents/v1/terminal-certificates', {
    headers,
    data: { customer_id: acme.customer_id, email: ANALYST },
  });
  expect(granted.status(), await granted.text()).toBe(201);
  const token = async () => {
    const created = await owner.request.post('/api/agents/v1/enrolment-tokens', {
      headers,
      data: { customer_id: acme.customer_id, name: 'Terminal drill', use_limit: 1 },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { token: string }).token;
  };
  const setTerminal = async (agentId: string, on: boolean) => {
    const saved = await owner.request.put(`/api/agents/v1/agents/${agentId}/settings`, {
      headers,
      data: { terminal_enabled: on },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };

  const prefix = `T${Date.now().toString(36).toUpperCase()}`.slice(0, 10);
  const fleet = startSimulator([
    ...['--customer', acme.customer_id, '--count', '1', '--interval', '60'],
    ...['--url', baseURL!, '--token', await token(), '--prefix', prefix, '--terminal'],
  ]);
  try {
    const [, host, agentId] = await fleet.waitFor(/enrolled (\S+) as ([0-9a-f-]{36})/);
    await setTerminal(agentId!, true);

    // The analyst opens the agent and, from the palette, its terminal.
    await signIn(page, ANALYST, `/agents/${agentId}`);
    await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();
    await openPalette(page);
    await choose(page, '>terminal', 'Open a terminal on the agent');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Terminal on ${host}` })).toBeVisible();
    await expect(status(page)).toHaveText(`Connected to ${host}. Everything typed and shown is recorded.`);
    await expect(shown(page)).toContainText('Watchfloor restricted shell');
    await expect(page.getByRole('textbox', { name: `Terminal on ${host}` })).toBeFocused();
    await page.keyboard.type('hostname');
    await page.keyboard.press('Enter');
    await expect(shown(page)).toContainText(new RegExp(`hostname\\s*${host}`));
    await page.keyboard.type('reboot');
    await page.keyboard.press('Enter');
    await expect(shown(page)).toContainText('reboot: command not found');
    await page.keyboard.press('Control+Shift+E');
    await expect(status(page)).toHaveText('You ended the session.');
    await expectAccessible(page);

    // The administrator replays it.
    await owner.goto('/terminal/recordings');
    await expect(owner.getByRole('heading', { level: 1, name: 'Terminal recordings' })).toBeVisible();
    const row = owner.getByRole('row').filter({ hasText: host! }).first();
    await expect(row).toContainText(ANALYST);
    await expect(row).toContainText('Ended in the console');
    // Where the session was started from: this browser, on the same machine as the server.
    await expect(row).toContainText(/127\.0\.0\.1|::1/);
    await tabTo(owner, row.getByRole('link'));
    await owner.keyboard.press('Enter');
    await expect(
      owner.getByRole('heading', { level: 1, name: `Recording of a session on ${host}` }),
    ).toBeVisible();
    await expect(shown(owner)).toContainText(new RegExp(`hostname\\s*${host}`));
    await expect(shown(owner)).toContainText('reboot: command not found');
    await expect(owner.getByText(/started from (127\.0\.0\.1|::1)/)).toBeVisible();

    // Refusals, each in its own words. The agent's terminal setting off:
    const terminalOf = `/agents/${agentId}/terminal`;
    await setTerminal(agentId!, false);
    await page.goto(terminalOf);
    await expect(status(page)).toHaveText('The terminal is turned off in this agent’s settings.', LOADED);
    await setTerminal(agentId!, true);
    // The agent gone (its channel dropped):
    await fleet.stop();
    // The server hears the agent's channel close a moment after it does: until then a new session
    // still waits for the agent (and ends when the channel goes), so try again, as a person would.
    await expect(async () => {
      await page.goto(terminalOf);
      await expect(status(page)).toHaveText(
        'The agent is not connected, so no terminal can reach it.',
        LOADED,
      );
    }).toPass();
    // An agent too old for the terminal:
    const enrolled = await owner.request.post('/api/agent/v1/enrol', {
      data: {
        token: await token(),
        host_name: `${prefix}-OLD`,
        platform: 'windows-11',
        architecture: 'x64',
        version: '4.10.2',
      },
    });
    expect(enrolled.status(), await enrolled.text()).toBe(201);
    const old = ((await enrolled.json()) as { agent_id: string }).agent_id;
    await setTerminal(old, true);
    await page.goto(`/agents/${old}/terminal`);
    await expect(status(page)).toHaveText(
      'This agent’s version has no terminal. Upgrade the agent first.',
      LOADED,
    );
    // Asked again from the screen, the keyboard on its button:
    const again = async () => {
      await page.getByRole('button', { name: 'Start a new session' }).focus();
      await page.keyboard.press('Enter');
    };
    // The certificate revoked (a refusal that keeps the analyst signed in):
    const certificateId = ((await granted.json()) as { certificate_id: string }).certificate_id;
    const revoked = await owner.request.post(`/api/agents/v1/terminal-certificates/${certificateId}/revoke`, {
      headers,
    });
    expect(revoked.status(), await revoked.text()).toBe(200);
    await again();
    await expect(status(page)).toHaveText(
      'You hold no terminal certificate for this customer. An Owner grants one by e-mail.',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Terminal' })).toBeVisible();
    // No permission (staff without modify_all), restored afterwards; the console reads the
    // permissions again when it loads.
    const me = (await (await page.request.get('/api/user/', { headers: await apiHeaders(page) })).json()) as {
      user: { contact_id: string };
      permissions: string[];
    };
    const change = (to: string[]) =>
      owner.request.patch(`/api/management/contacts/${me.user.contact_id}`, {
        headers,
        data: { permissions: to },
      });
    const withoutModify = await change(me.permissions.filter((p) => p !== 'modify_all'));
    expect(withoutModify.status(), await withoutModify.text()).toBe(200);
    try {
      await page.reload();
      await expect(status(page)).toHaveText('You do not have permission to start a terminal', LOADED);
      await expect(page.getByRole('heading', { level: 1, name: 'Terminal' })).toBeVisible();
    } finally {
      expect((await change(me.permissions)).status()).toBe(200);
    }
  } finally {
    await fleet.stop();
    await owner.close();
  }
});
