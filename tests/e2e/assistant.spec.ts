import { expect, type Page } from '@playwright/test';
import { apiHeaders } from './api-calls.ts';
import { ADMIN, openPalette, palette, signIn, tabTo, test, typeInto } from './support.ts';

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

/** Runs a palette command on what is in view, from the keyboard (it only reads: no confirmation). */
async function runFromPalette(page: Page, slash: string, label: string) {
  const box = await openPalette(page);
  await typeInto(box, slash);
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(label);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
}

/** Esc in the panel closes it. */
async function closePanel(page: Page) {
  await tabTo(page, panel(page).getByRole('button', { name: 'New conversation' }));
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
}

/** The comments of an alert or a case, as the API gives them. */
async function commentCount(page: Page, path: string) {
  const listed = await page.request.get(path, { headers: await apiHeaders(page) });
  expect(listed.status(), await listed.text()).toBe(200);
  const body = (await listed.json()) as { discussions?: unknown[]; comments?: unknown[] };
  return (body.discussions ?? body.comments ?? []).length;
}

test('the palette drafts land in the comment editor to edit and send; nothing is sent by itself', async ({
  page,
}) => {
  await signIn(page, ADMIN, '/alerts');
  await switchOnForProvider(page);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts\/\d+$/);
  const alertId = /\/alerts\/(\d+)$/.exec(page.url())![1]!;
  const editor = page.getByRole('region', { name: 'Comments' }).getByRole('textbox', { name: 'Comment' });
  await expect(editor).toBeVisible();
  const alertComments = `/api/alerts/v1/alerts/${alertId}/discussions`;
  const before = await commentCount(page, alertComments);

  // >explain answers in the panel only: the editor stays empty.
  await runFromPalette(page, '>explain', 'Explain this alert');
  const answer = panel(page).locator('.assistant-message--assistant').last();
  await expect(answer).toContainText(`Alert ${alertId}`);
  await expect(editor).toHaveValue('');
  await closePanel(page);

  // >draft-update puts its answer in the editor, focused, for a person to change and send.
  await runFromPalette(page, '>draft-update', 'Draft an update for the customer');
  await expect(
    panel(page).getByText('The draft is in the comment editor for you to edit and send.'),
  ).toBeVisible();
  await expect(editor).not.toHaveValue('');
  const drafted = await editor.inputValue();
  expect(drafted).not.toContain('[HOST_');
  await expect(panel(page).locator('.assistant-message--assistant').last()).toContainText(
    // The panel draws a citation as a link ("Alert 5000"); the draft keeps its mark ([alert:5000]).
    drafted.replace(/\[(alert|case|agent):\d+\]\s*/g, '').slice(0, 20),
  );
  expect(await commentCount(page, alertComments)).toBe(before);
  await closePanel(page);
  // The person sends it: then, and only then, it is a comment.
  await tabTo(page, editor);
  await page.keyboard.press('End');
  await page.keyboard.type(' Checked by hand.');
  await page.keyboard.press('Control+Enter');
  await expect(editor).toHaveValue('');
  await expect.poll(() => commentCount(page, alertComments)).toBe(before + 1);

  // >summarise on a case drafts into the case's comment editor, and posts nothing. Esc leaves the
  // comment box (and the alert, for its list) so the next keys are the console's again.
  await page.keyboard.press('Escape');
  await expect(editor).not.toBeFocused();
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/cases$/);
  await expect(page.getByRole('grid', { name: 'Cases' })).toHaveAttribute('aria-busy', 'false', {
    timeout: 30_000,
  });
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cases\/\d+$/);
  const caseId = /\/cases\/(\d+)$/.exec(page.url())![1]!;
  const caseEditor = page
    .locator('.page:not([hidden])')
    .getByRole('region', { name: 'Discussion' })
    .getByRole('textbox', { name: 'Comment' });
  await expect(caseEditor).toHaveValue('');
  const caseComments = `/api/cases/v1/cases/${caseId}/discussions`;
  const caseBefore = await commentCount(page, caseComments);
  await runFromPalette(page, '>summarise', 'Draft a case summary');
  await expect(
    panel(page).getByText('The draft is in the comment editor for you to edit and send.'),
  ).toBeVisible();
  await expect(caseEditor).not.toHaveValue('');
  expect(await commentCount(page, caseComments)).toBe(caseBefore);
});
