import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { apiHeaders } from './api-calls.ts';
import {
  ANALYST,
  expectAccessible,
  fill,
  openPalette,
  signIn,
  tabTo,
  test,
  typeInto,
  windJobClock,
} from './support.ts';

/**
 * Keyboard only: the plan is written with Tab and typing, the alert escalated with `>escalate`.
 * The plan's steps wait one minute, the shortest a plan allows: rather than wait it out, the test
 * winds the console's job clock past it (platform/test-clock.ts, on for the end-to-end server
 * only) and puts it back afterwards.
 */

/** Sets how far ahead of the wall clock the console's background jobs run. */
test.afterEach(async ({ request }) => {
  await windJobClock(request, 0);
});

/**
 * The body of the e-mail the console's outbox wrote for this recipient about this plan (the
 * test's console has no SMTP server: its mail lands as files in its data folder).
 */
function mailTo(recipient: string, marker: string): string | null {
  for (const folder of readdirSync(tmpdir()).filter((name) => name.startsWith('watchfloor-e2e-'))) {
    let files: string[] = [];
    try {
      files = readdirSync(join(tmpdir(), folder, 'outbox'));
    } catch {
      continue;
    }
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const raw = readFileSync(join(tmpdir(), folder, 'outbox', file), 'utf8');
      // Quoted-printable: soft line breaks and escaped equals signs.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      if (text.includes(recipient) && text.includes(marker)) return text;
    }
  }
  return null;
}

test('a plan of two steps with office hours, its timeline across a clock change, and an escalation step 2 takes over and acknowledges', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const plan = `E2E night desk ${Date.now()}`;
  await signIn(page, ANALYST, '/escalations/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New escalation plan' })).toBeVisible();

  await fill(page, page.getByRole('textbox', { name: 'Name', exact: true }), plan);
  await fill(page, page.getByRole('textbox', { name: 'Time zone', exact: true }), 'Europe/Helsinki');
  await fill(page, page.getByRole('textbox', { name: 'Location' }), 'Helsinki SOC');
  const first = page.getByRole('group', { name: 'Step 1' });
  await fill(page, first.getByLabel('Step name'), 'On duty');
  await fill(page, first.getByLabel('Minutes to acknowledge'), '1');
  await fill(page, first.getByLabel('Contact name'), 'Desk');
  await fill(page, first.getByRole('textbox', { name: 'Email' }), 'desk@acme.example');
  await tabTo(page, page.getByRole('button', { name: 'Add a step' }));
  await page.keyboard.press('Enter');
  const second = page.getByRole('group', { name: 'Step 2' });
  await fill(page, second.getByLabel('Step name'), 'Manager');
  await fill(page, second.getByLabel('Minutes to acknowledge'), '1');
  await fill(page, second.getByLabel('Contact name'), 'Maija Manager');
  await fill(
    page,
    second.getByRole('textbox', { name: 'Email' }),
    `manager+${plan.split(' ').at(-1)}@acme.example`,
  );
  // Office hours: weekdays come as 09:00-17:00; Saturday mornings too.
  await expect(page.getByRole('textbox', { name: 'Friday' })).toHaveValue('09:00-17:00');
  await fill(page, page.getByRole('textbox', { name: 'Saturday' }), '09:00-12:00');
  await tabTo(page, page.getByRole('button', { name: 'Save plan' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: plan })).toBeVisible();
  await expect(page).toHaveURL(/\/escalations\/[0-9a-f-]{36}$/);
  await expectAccessible(page);

  // The week of the change to summer time: 09:00 is UTC+02:00 on Friday and UTC+03:00 on Monday.
  await fill(page, page.getByRole('textbox', { name: 'Preview from' }), '2026-03-27');
  await tabTo(page, page.getByRole('button', { name: 'Preview the timeline' }));
  await page.keyboard.press('Enter');
  const timeline = page.getByRole('table', { name: 'Times in Europe/Helsinki' });
  await expect(
    timeline.getByRole('row', { name: /(27 Mar|Mar 27).*09:00 \(UTC\+02:00\).*Regular hours/ }),
  ).toBeVisible();
  await expect(
    timeline.getByRole('row', { name: /(30 Mar|Mar 30).*09:00 \(UTC\+03:00\).*Regular hours/ }),
  ).toBeVisible();
  await expect(
    timeline.getByRole('row', { name: /(28 Mar|Mar 28).*09:00 \(UTC\+02:00\).*12:00/ }),
  ).toBeVisible();
  await expect(timeline).toContainText('1. On duty: Desk (Email, desk@acme.example) → 2. Manager');

  // An alert arrives; the analyst escalates it through the plan from the palette.
  const customers = await page.request.get('/api/management/customers', {
    headers: await apiHeaders(page),
  });
  const acme = ((await customers.json()).customers as { customer_id: string; name: string }[]).find(
    (c) => c.name === 'Acme Corp',
  );
  const raised = await page.request.post('/api/alerts/v1/alerts/', {
    headers: await apiHeaders(page),
    data: {
      customer_id: acme!.customer_id,
      title: `Ransomware note ${plan}`,
      type: 'edr',
      priority: 'critical',
    },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const alert = (await raised.json()) as { id: number };
  await page.goto(`/alerts/${alert.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText('created it');
  const box = await openPalette(page);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await typeInto(box, `>escalate ${plan}`);
  // Enter once the palette offers the command with the plan typed, not before.
  await expect(palette.getByRole('option', { selected: true })).toContainText(
    `Escalate through the plan ${plan}`,
  );
  await page.keyboard.press('Enter');
  const question = palette.getByText(`Escalate this alert through the plan ${plan}?`);
  const escalated = page.locator('.toast').filter({ hasText: `Escalated 1 alert through ${plan}` });
  await expect(question.or(escalated)).toBeVisible();
  if (await question.isVisible()) await page.keyboard.press('Enter');
  await expect(escalated).toBeVisible();

  // Step 1 is told by the escalation's first job: the activity shows it once read again.
  await expect(async () => {
    await page.reload();
    await expect(activity).toContainText(`Escalation through ${plan} started (2 steps)`, { timeout: 5_000 });
    await expect(activity).toContainText(
      'Step 1 (On duty): Desk by email at desk@acme.example: email queued',
      {
        timeout: 5_000,
      },
    );
  }).toPass({ timeout: 60_000, intervals: [2_000] });

  // Nobody acknowledges within the minute: once it has passed (for the jobs), step 2 is told.
  await windJobClock(page.request, 61);
  await expect(async () => {
    await page.reload();
    await expect(activity).toContainText('Step 2 (Manager): Maija Manager by email', { timeout: 5_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000] });

  // The manager follows the link in their mail.
  const marker = `Alert ${alert.id} (critical)`;
  let mail: string | null = null;
  await expect(async () => {
    // This run's manager alone: other runs' outboxes hold mails of an alert with the same id.
    mail = mailTo(`manager+${plan.split(' ').at(-1)}@acme.example`, marker);
    expect(mail).not.toBeNull();
  }).toPass({ timeout: 30_000 });
  const link = /https?:\/\/\S+\/api\/escalations\/v1\/acknowledge\?token=\S+/.exec(mail!)![0];
  // The link only asks (a mail scanner opening it acknowledges nothing); the button acknowledges.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Acknowledge alert ${alert.id}?` })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: `Acknowledge alert ${alert.id}` }));
  await page.keyboard.press('Enter');
  await expect(page.locator('body')).toContainText(
    `Thank you, Maija Manager: alert ${alert.id} is acknowledged and the escalation has stopped.`,
  );
  await page.goto(`/alerts/${alert.id}`);
  await expect(activity).toContainText('Acknowledged at step 2 by Maija Manager');
});
