import { expect } from '@playwright/test';
import { ANALYST, signIn, test } from './support.ts';

const SEQUENCE = [
  'ArrowUp',
  'ArrowUp',
  'ArrowDown',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'ArrowLeft',
  'ArrowRight',
  'b',
  'a',
];

test('the profile hides a snake game behind a key sequence, played and left from the keyboard', async ({
  page,
}) => {
  await signIn(page, ANALYST, '/profile');
  await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible();
  await page.locator('body').focus();
  for (const key of SEQUENCE) await page.keyboard.press(key);
  const dialog = page.getByRole('dialog', { name: 'Snake' });
  const board = dialog.getByRole('application', { name: 'Snake board' });
  await expect(board).toBeFocused();
  // Steer up with vi's k: the snake runs into the top wall and the game ends.
  await page.keyboard.press('k');
  await expect(dialog.getByText(/Game over\./)).toBeVisible();
  await expect(dialog.getByText('Enter plays again, Esc leaves.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/^Score 0/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('with reduced motion the game stays off until asked for', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, ANALYST, '/profile');
  await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible();
  await page.locator('body').focus();
  for (const key of SEQUENCE) await page.keyboard.press(key);
  const dialog = page.getByRole('dialog', { name: 'Snake' });
  await expect(dialog.getByText(/asks for reduced motion/)).toBeVisible();
  await expect(dialog.getByRole('application')).toHaveCount(0);
  const anyway = dialog.getByRole('button', { name: 'Play anyway' });
  await expect(anyway).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('application', { name: 'Snake board' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
