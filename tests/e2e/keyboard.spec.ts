import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support.ts';

const ANALYST = 'analyst@watchfloor.example';

/**
 * Keyboard only: no test here moves or clicks the mouse. Signing in types into the identity
 * provider's page (it focuses the e-mail field) and presses Enter.
 */
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const box = (page: Page) => page.getByRole('combobox', { name: 'Search across the platform' });

/** Presses ArrowDown until the option is the highlighted one. */
async function highlight(page: Page, option: ReturnType<Page['getByRole']>, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if ((await option.getAttribute('aria-selected')) === 'true') return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error('the option was never highlighted');
}

test('the palette, g keys and ? from the keyboard alone', async ({ page }) => {
  await signIn(page, ANALYST);
  // Extra-large screens show the omnibox in the top bar.
  await expect(
    page.locator('#omnibox-slot').getByRole('button', { name: 'Search across the platform' }),
  ).toBeVisible();

  // / opens the palette; a second / closes it; focus comes back.
  await page.keyboard.press('/');
  await expect(palette(page)).toBeVisible();
  await expect(box(page)).toBeFocused();
  await page.keyboard.press('/');
  await expect(palette(page)).toHaveCount(0);

  // No serious or critical accessibility violation with the palette open.
  await page.keyboard.press('/');
  await expect(palette(page)).toBeVisible();
  await expectAccessible(page, '.palette-layer');

  // Find an alert by its host name: the suggestions name the host in brackets.
  await page.keyboard.type('SRV-');
  const alertsGroup = palette(page).getByRole('group', { name: 'Alerts' });
  await expect(alertsGroup.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  const label = (await alertsGroup.getByRole('option').first().textContent()) ?? '';
  const host = /\(([^()]+)\)\s*\S*$/.exec(label)?.[1];
  expect(host, label).toBeTruthy();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(host!);
  const found = alertsGroup.getByRole('option').filter({ hasText: host! }).first();
  await expect(found).toBeVisible({ timeout: 15_000 });
  await expect(palette(page).getByRole('option', { name: `Alerts matching ${host}` })).toBeVisible();
  await highlight(page, found);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts\/\d+$/);
  await expect(palette(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // On an alert, ? lists the alert screen's keys with the rest.
  await page.keyboard.press('?');
  const alertKeys = page
    .getByRole('dialog', { name: 'Keyboard shortcuts and commands' })
    .locator('[data-group="alertScreen"]');
  await expect(alertKeys.getByRole('heading', { name: 'On an open alert' })).toBeVisible();
  await expect(alertKeys.locator('tbody tr')).toHaveText([
    /Esc\s*Back to the alert list/,
    /S\s*Change this alert's status/,
    /P\s*Change this alert's priority/,
    /C\s*Write a comment/,
    /M\s*Mute alerts like this one/,
    /A\s*Assign this alert to a case/,
  ]);
  await page.keyboard.press('Escape');
  await expect(alertKeys).toHaveCount(0);

  // s, p, m and a open their dialogs; the open dialog keeps every key; Esc closes it.
  for (const [key, title] of [
    ['s', 'Change status'],
    ['p', 'Change priority'],
    ['m', 'Mute alerts like this one'],
    ['a', 'Assign to a case'],
  ] as const) {
    await page.keyboard.press(key);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  // c goes to the comment box, where letters are text; Esc leaves it.
  await page.keyboard.press('c');
  const comment = page.getByRole('textbox', { name: 'Comment' });
  await expect(comment).toBeFocused();
  await page.keyboard.type('spam');
  await expect(comment).toHaveValue('spam');
  // Emptied again, so leaving the alert asks nothing (a comment typed and not sent would).
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await expect(comment).toHaveValue('');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(comment).not.toBeFocused();
  await expect(page).toHaveURL(/\/alerts\/\d+$/);

  // Esc goes back to the list.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('grid', { name: 'Alerts' })).toHaveAttribute('aria-busy', 'false', {
    timeout: 30_000,
  });

  // g then a letter goes to an area; the next keys wait for its screen, as a person looks first.
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/cases$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // ? lists every shortcut; Esc closes it.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts and commands' });
  await expect(help).toBeVisible();
  await expect(help.locator('[data-command-id="go.alerts"]')).toContainText('Alerts');
  await expect(help.locator('[data-command-id="alerts.mute"]')).toContainText('>mute 1h|1d|7d|30d');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Navigation from the palette; Ctrl+K opens it even from a text field.
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  await page.keyboard.type('Threat intel');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/threat$/);

  // The command just used comes first next time.
  await page.keyboard.press('/');
  const first = palette(page).getByRole('option').first();
  await expect(first).toContainText('Threat intelligence');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
});

test('select three alerts with x and mark them false positive from the palette', async ({ page }) => {
  await signIn(page, ANALYST, '/alerts');
  const grid = page.getByRole('grid', { name: 'Alerts' });
  await expect(grid).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  const rows = grid.locator('[role="row"][data-alert-id]');
  await expect(rows.first()).toBeVisible();

  // ? lists the alert list's own keys with the rest: f, u and e.
  await page.keyboard.press('?');
  const listKeys = page
    .getByRole('dialog', { name: 'Keyboard shortcuts and commands' })
    .locator('[data-group="alertList"]');
  await expect(listKeys.getByRole('heading', { name: 'On the alert list' })).toBeVisible();
  await expect(listKeys.locator('tbody tr')).toHaveText([
    /F\s*Filter the alerts \(go to the filter box\)/,
    /U\s*Update the selected alerts/,
    /E\s*Export the listed alerts, or the selected ones, as CSV/,
  ]);
  await page.keyboard.press('Escape');
  await expect(listKeys).toHaveCount(0);

  // Only new alerts, so all three may become false positives.
  await page.keyboard.press('f');
  await expect(page.getByRole('searchbox', { name: 'Filter alerts' })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('status:new');
  await page.keyboard.press('Escape');
  // The list shows the filtered alerts (it catches up with the typed filter a moment later).
  await expect(grid).toHaveAttribute('data-keyword', 'status:new');

  // j moves to the next alert and x selects it: each seen before the next key.
  const current = grid.locator('[role="row"][aria-current="true"]');
  const selected = rows.and(page.locator('[aria-selected="true"]'));
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('j');
    await expect(current).toHaveAttribute('data-row-index', String(i));
    await page.keyboard.press('x');
    await expect(selected).toHaveCount(i + 1);
  }
  const ids = await selected.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-alert-id'))));

  // e exports the selection as CSV: a header and the three alerts.
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('e')]);
  expect(download.suggestedFilename()).toBe('export.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const exported = csv.split('\r\n').filter((line) => /^"\d+",/.test(line));
  expect(exported.map((line) => Number(line.split(',')[0]!.replaceAll('"', '')))).toEqual(ids);
  // u opens the bulk update of the three; Esc closes it and keeps the selection.
  await page.keyboard.press('u');
  const update = page.getByRole('dialog', { name: 'Update 3 alerts' });
  await expect(update).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(update).toHaveCount(0);
  await expect(selected).toHaveCount(3);

  await page.keyboard.press('/');
  await expect(palette(page).getByText('3 alerts selected')).toBeVisible();
  await page.keyboard.type('>false-positive');
  await page.keyboard.press('Enter');
  await expect(palette(page).getByText('Mark 3 alerts as false positive?')).toBeVisible();
  await expect(palette(page).getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
  await expect(page.locator('.toast').filter({ hasText: 'Updated 3 alerts' })).toBeVisible();

  // The list reloaded: the three are false positives now.
  for (const id of ids) {
    await page.keyboard.press('f');
    await expect(page.getByRole('searchbox', { name: 'Filter alerts' })).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`id:${id}`);
    await page.keyboard.press('Escape');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator('[data-status]')).toHaveText('False Positive');
  }
});
