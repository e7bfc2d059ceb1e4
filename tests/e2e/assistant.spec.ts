import { expect, type Page } from '@playwright/test';
import { apiHeaders } from './api-calls.ts';
import { ADMIN, signIn, tabTo, test, typeInto } from './support.ts';

const panel = (page: Page) => page.getByRole('complementary', { name: 'Assistant' });
const grid = (page: Page) => page.getByRole('grid', { name: 'Alerts' });

/** The provider switches the assistant on (its administrator's setting). */
async function switchOnForProvider(page: Page) {
  const saved = await page.request.put('/api/assistant/v1/settings', {
    headers: await apiHeaders(page),
    data: { enabled: true, policy: 'any' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('an analyst asks the assistant about an alert, from the keyboard alone', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ADMIN, '/alerts');
  await switchOnForProvider(page);

  // Open the first alert of the list (j focuses it, Enter opens it).
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts\/\d+$/);
  const alertId = /\/alerts\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.locator('main h1:visible').first()).toBeVisible();
  // Where the focus is when the panel opens (the first Tab stop): it comes back there.
  await page.keyboard.press('Tab');
  await page.evaluate(() => document.activeElement?.setAttribute('data-focus-before', ''));
  await expect(page.locator('[data-focus-before]')).toBeFocused();

  // i opens the panel; the landing screen comes first, its Start button focused.
  await page.keyboard.press('i');
  await expect(panel(page)).toBeVisible();
  const start = panel(page).getByRole('button', { name: 'Start' });
  await expect(start).toBeFocused();
  await page.keyboard.press('Enter');

  // Ask to explain it: the answer streams in and cites the alert, linked.
  const question = panel(page).getByRole('textbox', { name: 'Your question' });
  await typeInto(question, 'Explain this alert');
  await page.keyboard.press('Enter');
  const answer = panel(page).locator('.assistant-message--assistant').last();
  await expect(answer).toContainText(`Alert ${alertId}`);
  const cited = answer.getByRole('link', { name: `Alert ${alertId}` });
  await expect(cited).toHaveAttribute('href', `/alerts/${alertId}`);
  await expect(answer).not.toContainText('[HOST_');

  // Copy, then tell how it was through the feedback popup.
  await tabTo(page, answer.getByRole('button', { name: 'Copy' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`alert ${alertId}`);
  await tabTo(page, answer.getByRole('button', { name: 'Not helpful' }));
  await page.keyboard.press('Enter');
  const feedback = page.getByRole('dialog', { name: 'Feedback on this answer' });
  await expect(feedback.getByRole('radio', { name: 'No' })).toBeFocused();
  await tabTo(page, feedback.getByLabel('What best describes it?'));
  await feedback.getByLabel('What best describes it?').selectOption('incomplete');
  await tabTo(page, feedback.getByLabel('Comment'));
  await page.keyboard.type('It did not look at the logs.');
  await tabTo(page, feedback.getByRole('button', { name: 'Send feedback' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Thank you for the feedback')).toBeVisible();
  await expect(answer.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');

  // Rename the conversation in the history, then delete it.
  await tabTo(page, panel(page).getByRole('button', { name: 'Conversations' }));
  await page.keyboard.press('Enter');
  const history = panel(page).getByRole('list', { name: 'Conversations' });
  await tabTo(page, history.getByRole('button', { name: 'Rename: Explain this alert' }));
  await page.keyboard.press('Enter');
  const name = history.getByRole('textbox', { name: 'New name of Explain this alert' });
  await expect(name).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Why this alert fired');
  await page.keyboard.press('Enter');
  await expect(history.getByRole('button', { name: /Why this alert fired/ }).first()).toBeVisible();
  await tabTo(page, history.getByRole('button', { name: 'Delete: Why this alert fired' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete' });
  await expect(confirm).toContainText('Why this alert fired');
  await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await expect(panel(page).getByText('No conversations yet.')).toBeVisible();

  // Esc closes the panel and the focus returns to where it was.
  await tabTo(page, panel(page).getByRole('button', { name: 'New conversation' }));
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(page.locator('[data-focus-before]')).toBeFocused();
});
