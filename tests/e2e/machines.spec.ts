import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { choose, expectAccessible, openPalette, signIn, tabTo, test } from './support.ts';

const ADMIN = 'admin@watchfloor.example';

test('an administrator opens the Machines tab, picks the case editor, reads its transitions and exports its paths', async ({
  page,
}) => {
  await signIn(page, ADMIN, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();

  // The tab is a destination of the palette, and the address names it. Ctrl+K opens the palette
  // wherever focus is (the first tab's search field takes a typed /).
  await openPalette(page, 'Control+k');
  await choose(page, 'machines', 'Administration: machines');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin#machines$/);
  await expect(page.getByRole('tab', { name: 'Machines' })).toHaveAttribute('aria-selected', 'true');
  // The session machine is drawn first.
  await expect(page.getByRole('heading', { level: 2, name: 'session' })).toBeVisible();

  const pick = page.getByRole('combobox', { name: 'Machine' });
  await tabTo(page, pick);
  await pick.selectOption('case-editor');
  await expect(page.getByRole('heading', { level: 2, name: 'case-editor' })).toBeVisible();
  // The summary under the picker (the chart's caption says it again for screen readers).
  await expect(page.getByTestId('machine-summary')).toHaveText(
    /^15 states, \d+ transitions, \d+ shortest paths, \d+ simple paths$/,
  );
  const transitions = page.getByRole('table', { name: 'Transitions' });
  await expect(transitions.getByRole('row', { name: /error\.actor\.saveCase/ }).first()).toBeVisible();
  await expectAccessible(page);

  const mermaid = page.getByRole('button', { name: 'Mermaid' });
  await tabTo(page, mermaid);
  const saved = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await saved;
  expect(download.suggestedFilename()).toBe('case-editor-paths.mmd');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('stateDiagram-v2\n  [*] --> Loading')).toBe(true);
  expect(text).toContain(': error.actor.saveCase');
});
